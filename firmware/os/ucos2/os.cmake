# uC/OS-II port: builds the kernel from RTB_KERNEL_SRC (a uC-OS2 tree) into its own library,
# so that footprint can tell kernel code from rtbench code.
# Per architecture: the kernel's port directories, and rtbench's arch/<arch>.{h,c}.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(uC/OS-II RTB_UCOS2 cortex-m3 Ports/ARM-Cortex-M/ARMv7-M)
rtb_port_require_tree("a uC-OS2 tree with ${RTB_UCOS2_PORT}/GNU" Source/os_core.c ${RTB_UCOS2_PORT}/GNU/os_cpu_a.S)

set(RTB_UCOS2_SRC ${RTB_KERNEL_SRC}/Source)
add_library(rtb_kernel STATIC
    ${RTB_UCOS2_SRC}/os_core.c
    ${RTB_UCOS2_SRC}/os_mem.c
    # Empty unless os_cfg.h enables them (the image built with RTB_WITH_SERVICES).
    ${RTB_UCOS2_SRC}/os_flag.c
    ${RTB_UCOS2_SRC}/os_tmr.c
    ${RTB_UCOS2_SRC}/os_mutex.c
    ${RTB_UCOS2_SRC}/os_q.c
    ${RTB_UCOS2_SRC}/os_sem.c
    ${RTB_UCOS2_SRC}/os_task.c
    ${RTB_UCOS2_SRC}/os_time.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/os_cpu_c.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_dbg.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_cpu_a.S)
rtb_port_link(rtb_os_ucos2.c ${RTB_UCOS2_ARCH} INCLUDES
    ${RTB_UCOS2_SRC}
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU)
target_compile_definitions(rtb_kernel PUBLIC
    # One task per priority: 40 abstract levels (of the kernel's 64), so that 30 tasks of their
    # own priority fit below a benchmark's pair and the runner.
    RTB_PRIO_MAX=40u
    RTB_UCOS2_ARCH_HEADER="${RTB_UCOS2_ARCH}.h"
    RTB_UCOS2_PORT_NAME="${RTB_UCOS2_PORT}/GNU"
    # The port's PendSV handler under the CMSIS name the target's vector table uses.
    OS_CPU_PendSVHandler=PendSV_Handler)
