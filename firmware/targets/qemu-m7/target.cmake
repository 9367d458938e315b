# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m7: QEMU mps2-an500, Cortex-M7 with its FPU (hard-float ABI).
set(RTB_ARCH cortex-m7)
set(RTB_ARCH_FLAGS -mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} FAMILY mps2
    SOURCES cmsdk_console.c cmsdk_irq_timer.c cmsdk_bench_uart.c)
