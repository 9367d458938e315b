# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m3: QEMU mps2-an385, Cortex-M3. Sets the architecture kernel ports select their port by.
set(RTB_ARCH cortex-m3)
set(RTB_ARCH_FLAGS -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} FAMILY mps2
    SOURCES cmsdk_console.c cmsdk_irq_timer.c cmsdk_bench_uart.c)
