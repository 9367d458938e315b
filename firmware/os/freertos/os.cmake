# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# FreeRTOS port: builds the kernel from RTB_KERNEL_SRC (a FreeRTOS-Kernel tree) into its own
# library, so that footprint can tell kernel code from rtbench code.
# Per architecture: the kernel's port directory, and rtbench's arch/<arch>.{h,c}.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
# The Cortex-M7 takes ARM_CM4F: ARM_CM7/r0p1 is only for the r0p0/r0p1 errata, and QEMU's M7 is r1p2.
rtb_port_select(FreeRTOS RTB_FREERTOS cortex-m3 portable/GCC/ARM_CM3 riscv32 portable/GCC/RISC-V
    cortex-a9 portable/GCC/ARM_CA9 cortex-m4f portable/GCC/ARM_CM4F cortex-m7 portable/GCC/ARM_CM4F
    cortex-m33 portable/GCC/ARM_CM33_NTZ/non_secure cortex-m0 portable/GCC/ARM_CM0)
rtb_port_require_tree("a FreeRTOS-Kernel tree with ${RTB_FREERTOS_PORT}" tasks.c ${RTB_FREERTOS_PORT}/port.c)

add_library(rtb_kernel STATIC
    ${RTB_KERNEL_SRC}/tasks.c
    ${RTB_KERNEL_SRC}/list.c
    ${RTB_KERNEL_SRC}/queue.c
    ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/port.c
    ${RTB_KERNEL_SRC}/portable/MemMang/heap_4.c)
if("RTB_WITH_SERVICES" IN_LIST RTB_DEFINES)
    # Event groups and software timers: only in the image of the benchmarks that use them.
    target_sources(rtb_kernel PRIVATE ${RTB_KERNEL_SRC}/event_groups.c ${RTB_KERNEL_SRC}/timers.c)
endif()
if(RTB_ARCH STREQUAL "riscv32")
    # The RISC-V port's trap entry and context switch are assembly, and it needs a chip header.
    target_sources(rtb_kernel PRIVATE ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/portASM.S)
    target_include_directories(rtb_kernel PUBLIC
        ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/chip_specific_extensions/RISCV_no_extensions)
elseif(RTB_ARCH MATCHES "^cortex-m(0|33)$")
    # The ARMv8-M ports and ARM_CM0 keep their context switch in portasm.c.
    target_sources(rtb_kernel PRIVATE ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/portasm.c)
elseif(RTB_ARCH STREQUAL "cortex-a9")
    # The ARM_CA9 port's exception entries and context switch are assembly.
    target_sources(rtb_kernel PRIVATE ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/portASM.S)
endif()
rtb_port_link(rtb_os_freertos.c ${RTB_FREERTOS_ARCH} INCLUDES
    ${RTB_KERNEL_SRC}/include
    ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT})
target_compile_definitions(rtb_kernel PUBLIC
    RTB_FREERTOS_ARCH_HEADER="${RTB_FREERTOS_ARCH}.h"
    RTB_FREERTOS_PORT_NAME="${RTB_FREERTOS_PORT}")
