# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m3: QEMU mps2-an385, Cortex-M3. Sets the architecture kernel ports select their port by.
set(RTB_ARCH cortex-m3)
set(RTB_ARCH_FLAGS -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
set(RTB_TARGET_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/startup.c
    ${CMAKE_CURRENT_LIST_DIR}/console.c
    ${CMAKE_CURRENT_LIST_DIR}/irq_timer.c
    ${CMAKE_CURRENT_LIST_DIR}/bench_uart.c)
set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/include)
set(RTB_TARGET_LINK_OPTIONS
    -T${CMAKE_CURRENT_LIST_DIR}/link.ld -nostartfiles --specs=nano.specs --specs=nosys.specs)
