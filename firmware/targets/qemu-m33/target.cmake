# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m33: QEMU mps2-an505, Cortex-M33 (ARMv8-M Mainline) with its FPU, run in the secure state only.
set(RTB_ARCH cortex-m33)
set(RTB_ARCH_FLAGS -mcpu=cortex-m33 -mthumb -mfloat-abi=hard -mfpu=fpv5-sp-d16)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} FAMILY mps2-tz
    SOURCES cmsdk_console.c cmsdk_irq_timer.c cmsdk_bench_uart.c)
