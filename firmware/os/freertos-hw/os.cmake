# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# freertos-hw: the freertos port as it is, plus include/ ahead of the kernel's RISC-V port and
# of the freertos port: portmacro.h routes port-optimised task selection to the SoC's priority
# selector; FreeRTOSConfig.h and rtb_freertos_delay.h put task delays on its timer bank
# (hw_timers.c, driven from the kernel's tick hook).
include(${CMAKE_CURRENT_LIST_DIR}/../freertos/os.cmake)
if(NOT RTB_ARCH STREQUAL "riscv32")
    message(FATAL_ERROR "freertos-hw drives the vexriscv-sim SoC's priority selector; '${RTB_ARCH}' has none")
endif()
target_include_directories(rtb_kernel BEFORE PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_compile_definitions(rtb_kernel PUBLIC RTB_FREERTOS_HW_SCHED=1)
list(APPEND RTB_OS_SOURCES ${CMAKE_CURRENT_LIST_DIR}/hw_timers.c)
