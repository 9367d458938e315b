# uC/OS-II port: builds the kernel from RTB_KERNEL_SRC (a uC-OS2 tree) into its own library,
# so that footprint can tell kernel code from rtbench code.
# Per architecture: the kernel's port directories, and rtbench's arch/<arch>.{h,c}.
set(RTB_UCOS2_PORTS_cortex-m3 Ports/ARM-Cortex-M/ARMv7-M)
set(RTB_UCOS2_PORT ${RTB_UCOS2_PORTS_${RTB_ARCH}})
set(RTB_UCOS2_ARCH ${CMAKE_CURRENT_LIST_DIR}/arch/${RTB_ARCH})
if(NOT RTB_UCOS2_PORT)
    message(FATAL_ERROR "the uC/OS-II port has no mapping for architecture '${RTB_ARCH}'")
endif()
if(NOT EXISTS ${RTB_KERNEL_SRC}/Source/os_core.c OR NOT EXISTS ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_cpu_a.S)
    message(FATAL_ERROR "RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' is not a uC-OS2 tree with ${RTB_UCOS2_PORT}/GNU")
endif()
set(RTB_PROFILE_FILE ${CMAKE_CURRENT_LIST_DIR}/profiles/${RTB_PROFILE}.h)
if(NOT EXISTS ${RTB_PROFILE_FILE})
    message(FATAL_ERROR "uC/OS-II has no profile '${RTB_PROFILE}' (${RTB_PROFILE_FILE})")
endif()

set(RTB_UCOS2_SRC ${RTB_KERNEL_SRC}/Source)
add_library(rtb_kernel STATIC
    ${RTB_UCOS2_SRC}/os_core.c
    ${RTB_UCOS2_SRC}/os_mem.c
    ${RTB_UCOS2_SRC}/os_mutex.c
    ${RTB_UCOS2_SRC}/os_q.c
    ${RTB_UCOS2_SRC}/os_sem.c
    ${RTB_UCOS2_SRC}/os_task.c
    ${RTB_UCOS2_SRC}/os_time.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/os_cpu_c.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_dbg.c
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU/os_cpu_a.S)
target_include_directories(rtb_kernel PUBLIC
    ${CMAKE_CURRENT_LIST_DIR}
    ${RTB_UCOS2_SRC}
    ${RTB_KERNEL_SRC}/${RTB_UCOS2_PORT}/GNU
    ${RTB_TARGET_INCLUDES})
target_compile_definitions(rtb_kernel PUBLIC
    RTB_PROFILE_HEADER="${RTB_PROFILE_FILE}"
    RTB_UCOS2_ARCH_HEADER="${RTB_UCOS2_ARCH}.h"
    RTB_UCOS2_PORT_NAME="${RTB_UCOS2_PORT}/GNU"
    # The port's PendSV handler under the CMSIS name the target's vector table uses.
    OS_CPU_PendSVHandler=PendSV_Handler)
# Kernel sources are third-party: build them as they are, without our warning flags.
target_compile_options(rtb_kernel PRIVATE -w)

set(RTB_OS_SOURCES ${CMAKE_CURRENT_LIST_DIR}/rtb_os_ucos2.c ${RTB_UCOS2_ARCH}.c)
set(RTB_OS_LIBRARIES rtb_kernel)
