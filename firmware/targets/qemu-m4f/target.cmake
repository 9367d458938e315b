# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m4f: QEMU mps2-an386, Cortex-M4F with its FPU (hard-float ABI).
set(RTB_ARCH cortex-m4f)
set(RTB_ARCH_FLAGS -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} FAMILY mps2
    SOURCES cmsdk_console.c cmsdk_irq_timer.c cmsdk_bench_uart.c)
