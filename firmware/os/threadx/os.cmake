# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# ThreadX port: builds the kernel from RTB_KERNEL_SRC (a threadx tree) into its own library,
# so that footprint can tell kernel code from rtbench code. The linker keeps only the
# services rtbench calls.
# Per architecture: the kernel's port directory (or rtbench's own, for an architecture ThreadX
# has no GCC port for), and rtbench's arch/<arch>.{h,c}.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(ThreadX RTB_THREADX cortex-m3 ports/cortex_m3/gnu riscv32 port/riscv32
    cortex-m0 ports/cortex_m0/gnu cortex-m4f ports/cortex_m4/gnu cortex-m7 ports/cortex_m7/gnu)

# Every file of the folders globbed here that the tree's own CMakeLists.txt names must be there.
rtb_port_require_listed(common/CMakeLists.txt "\\$\\{CMAKE_CURRENT_LIST_DIR\\}/(src/[A-Za-z0-9_]+\\.c)" common/ "")
file(GLOB RTB_THREADX_COMMON ${RTB_KERNEL_SRC}/common/src/*.c)
if(RTB_ARCH STREQUAL "riscv32")
    # ThreadX ships RISC-V for IAR only: the low-level port (tx_port.h, the scheduler, context
    # save/restore, the tick) is rtbench's own, in port/riscv32, built into the kernel library.
    rtb_port_require_tree("a threadx tree" common/src/tx_thread_create.c common/inc/tx_api.h)
    set(RTB_THREADX_PORT_DIR ${CMAKE_CURRENT_LIST_DIR}/${RTB_THREADX_PORT})
    set(RTB_THREADX_PORT_SOURCES
        ${RTB_THREADX_PORT_DIR}/tx_port_rv32.S
        ${RTB_THREADX_PORT_DIR}/tx_timer_interrupt.c)
    set(RTB_THREADX_PORT_INCLUDE ${RTB_THREADX_PORT_DIR})
    set(RTB_THREADX_PORT_NAME "rtbench ${RTB_THREADX_PORT}")
else()
    rtb_port_require_tree("a threadx tree with ${RTB_THREADX_PORT}"
        common/src/tx_thread_create.c ${RTB_THREADX_PORT}/inc/tx_port.h)
    rtb_port_require_listed(${RTB_THREADX_PORT}/CMakeLists.txt
        "\\$\\{CMAKE_CURRENT_LIST_DIR\\}/(src/[A-Za-z0-9_]+\\.S)" ${RTB_THREADX_PORT}/ "")
    file(GLOB RTB_THREADX_PORT_SOURCES ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/src/*.S)
    # The MISRA helpers serve only TX_MISRA_ENABLE builds.
    list(FILTER RTB_THREADX_PORT_SOURCES EXCLUDE REGEX "tx_misra\\.S$")
    set(RTB_THREADX_PORT_INCLUDE ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/inc)
    set(RTB_THREADX_PORT_NAME ${RTB_THREADX_PORT})
endif()
add_library(rtb_kernel STATIC ${RTB_THREADX_COMMON} ${RTB_THREADX_PORT_SOURCES})
rtb_port_link(rtb_os_threadx.c ${RTB_THREADX_ARCH} INCLUDES
    ${RTB_KERNEL_SRC}/common/inc
    ${RTB_THREADX_PORT_INCLUDE})
target_compile_definitions(rtb_kernel PUBLIC
    TX_INCLUDE_USER_DEFINE_FILE
    RTB_THREADX_ARCH_HEADER="${RTB_THREADX_ARCH}.h"
    RTB_THREADX_PORT_NAME="${RTB_THREADX_PORT_NAME}")
