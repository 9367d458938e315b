# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# board-stm32f4: STM32F4 boards (Cortex-M4F with its FPU, hard-float ABI), built for one board
# file (its clock tree, timers, console and memory map come as RTB_BOARD_* values).
set(RTB_ARCH cortex-m4f)
set(RTB_ARCH_FLAGS -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
# The benchmark interrupt's driver follows the board file's timer model (silicon, or QEMU 7.2's).
if("RTB_BOARD_TIMER_MODEL=1" IN_LIST RTB_DEFINES)
    set(rtb_stm32f4_irq irq_timer_qemu.c)
else()
    set(rtb_stm32f4_irq irq_timer.c)
endif()
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} BOARD_SOURCES clock.c console.c ${rtb_stm32f4_irq})
