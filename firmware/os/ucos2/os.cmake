# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# uC/OS-II port: builds the kernel from RTB_KERNEL_SRC (a uC-OS2 tree) into its own library,
# so that footprint can tell kernel code from rtbench code.
# Per architecture: the kernel's port directories, and rtbench's arch/<arch>.{h,c}.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(uC/OS-II RTB_UCOS2 cortex-m3 Ports/ARM-Cortex-M/ARMv7-M riscv32 Ports/RISC-V/RV32/GCC
    cortex-m4f Ports/ARM-Cortex-M/ARMv7-M cortex-m7 Ports/ARM-Cortex-M/ARMv7-M cortex-m0 Ports/ARM-Cortex-M/ARMv6-M)

set(RTB_UCOS2_SRC ${RTB_KERNEL_SRC}/Source)
set(RTB_UCOS2_KERNEL
    ${RTB_UCOS2_SRC}/os_core.c
    ${RTB_UCOS2_SRC}/os_mem.c
    # Empty unless os_cfg.h enables them (the image built with RTB_WITH_SERVICES).
    ${RTB_UCOS2_SRC}/os_flag.c
    ${RTB_UCOS2_SRC}/os_tmr.c
    ${RTB_UCOS2_SRC}/os_mutex.c
    ${RTB_UCOS2_SRC}/os_q.c
    ${RTB_UCOS2_SRC}/os_sem.c
    ${RTB_UCOS2_SRC}/os_task.c
    ${RTB_UCOS2_SRC}/os_time.c)
if(RTB_ARCH STREQUAL "riscv32")
    # The kernel's RV32 port switches context through a CLINT software interrupt and takes its
    # traps from the SiFive HAL; the SoC has neither, so rtbench's own port/riscv32/os_cpu_a.S
    # replaces the port's assembly. Its os_cpu.h and os_cpu_c.c (stack frames, hooks, tick
    # handler) are the kernel's; the port has no os_dbg.c, so the generic os_dbg_r.c serves.
    rtb_port_require_tree("a uC-OS2 tree with ${RTB_UCOS2_PORT}" Source/os_core.c Source/os_dbg_r.c
        ${RTB_UCOS2_PORT}/os_cpu_c.c ${RTB_UCOS2_PORT}/os_cpu.h)
    set(RTB_UCOS2_PORT_C ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/os_cpu_c.c)
    # Its hooks name their parameter p_tcb but discard "ptcb" when OS_APP_HOOKS_EN is 0.
    set_source_files_properties(${RTB_UCOS2_PORT_C} PROPERTIES COMPILE_DEFINITIONS ptcb=p_tcb)
    add_library(rtb_kernel STATIC ${RTB_UCOS2_KERNEL}
        ${RTB_UCOS2_PORT_C}
        ${RTB_UCOS2_SRC}/os_dbg_r.c
        ${CMAKE_CURRENT_LIST_DIR}/port/riscv32/os_cpu_a.S)
    set(RTB_UCOS2_PORT_INCLUDE ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT})
    set(RTB_UCOS2_PORT_NAME "${RTB_UCOS2_PORT} os_cpu_c.c + rtbench port/riscv32/os_cpu_a.S")
    set(RTB_UCOS2_PORT_DEFINITIONS)
else()
    rtb_port_require_tree("a uC-OS2 tree with ${RTB_UCOS2_PORT}/GNU" Source/os_core.c ${RTB_UCOS2_PORT}/GNU/os_cpu.h)
    # ARMv7-M's assembly is os_cpu_a.S (preprocessed: its FPU code), ARMv6-M's os_cpu_a.s.
    file(GLOB RTB_UCOS2_PORT_ASM ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_cpu_a.[sS])
    if(NOT RTB_UCOS2_PORT_ASM)
        message(FATAL_ERROR "RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' is not a uC-OS2 tree with its port's assembly "
                            "(no ${RTB_UCOS2_PORT}/GNU/os_cpu_a.S or os_cpu_a.s)")
    endif()
    add_library(rtb_kernel STATIC ${RTB_UCOS2_KERNEL}
        ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/os_cpu_c.c
        ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_dbg.c
        ${RTB_UCOS2_PORT_ASM})
    set(RTB_UCOS2_PORT_INCLUDE ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU)
    set(RTB_UCOS2_PORT_NAME "${RTB_UCOS2_PORT}/GNU")
    # The port's PendSV handler under the CMSIS name the target's vector table uses (ARMv6-M's
    # assembly is not preprocessed: the linker gives it that name).
    set(RTB_UCOS2_PORT_DEFINITIONS OS_CPU_PendSVHandler=PendSV_Handler)
    if(RTB_ARCH STREQUAL "cortex-m0")
        target_link_options(rtb_kernel INTERFACE -Wl,--defsym=PendSV_Handler=OS_CPU_PendSVHandler)
    endif()
endif()
rtb_port_link(rtb_os_ucos2.c ${RTB_UCOS2_ARCH} INCLUDES
    ${RTB_UCOS2_SRC}
    ${RTB_UCOS2_PORT_INCLUDE})
target_compile_definitions(rtb_kernel PUBLIC
    # One task per priority: 40 abstract levels (of the kernel's 64), so that 30 tasks of their
    # own priority fit below a benchmark's pair and the runner.
    RTB_PRIO_MAX=40u
    RTB_UCOS2_ARCH_HEADER="${RTB_UCOS2_ARCH}.h"
    RTB_UCOS2_PORT_NAME="${RTB_UCOS2_PORT_NAME}"
    ${RTB_UCOS2_PORT_DEFINITIONS})
