# ThreadX port: builds the kernel from RTB_KERNEL_SRC (a threadx tree) into its own library,
# so that footprint can tell kernel code from rtbench code. The linker keeps only the
# services rtbench calls.
# Per architecture: the kernel's port directory, and rtbench's arch/<arch>.{h,c}.
set(RTB_THREADX_PORTS_cortex-m3 ports/cortex_m3/gnu)
set(RTB_THREADX_PORT ${RTB_THREADX_PORTS_${RTB_ARCH}})
set(RTB_THREADX_ARCH ${CMAKE_CURRENT_LIST_DIR}/arch/${RTB_ARCH})
if(NOT RTB_THREADX_PORT)
    message(FATAL_ERROR "the ThreadX port has no mapping for architecture '${RTB_ARCH}'")
endif()
if(NOT EXISTS ${RTB_KERNEL_SRC}/common/src/tx_thread_create.c OR NOT EXISTS ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/inc/tx_port.h)
    message(FATAL_ERROR "RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' is not a threadx tree with ${RTB_THREADX_PORT}")
endif()
set(RTB_PROFILE_FILE ${CMAKE_CURRENT_LIST_DIR}/profiles/${RTB_PROFILE}.h)
if(NOT EXISTS ${RTB_PROFILE_FILE})
    message(FATAL_ERROR "ThreadX has no profile '${RTB_PROFILE}' (${RTB_PROFILE_FILE})")
endif()

file(GLOB RTB_THREADX_COMMON ${RTB_KERNEL_SRC}/common/src/*.c)
file(GLOB RTB_THREADX_PORT_ASM ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/src/*.S)
# The MISRA helpers serve only TX_MISRA_ENABLE builds.
list(FILTER RTB_THREADX_PORT_ASM EXCLUDE REGEX "tx_misra\\.S$")
add_library(rtb_kernel STATIC ${RTB_THREADX_COMMON} ${RTB_THREADX_PORT_ASM})
target_include_directories(rtb_kernel PUBLIC
    ${CMAKE_CURRENT_LIST_DIR}
    ${RTB_KERNEL_SRC}/common/inc
    ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/inc
    ${RTB_TARGET_INCLUDES})
target_compile_definitions(rtb_kernel PUBLIC
    TX_INCLUDE_USER_DEFINE_FILE
    RTB_PROFILE_HEADER="${RTB_PROFILE_FILE}"
    RTB_THREADX_ARCH_HEADER="${RTB_THREADX_ARCH}.h"
    RTB_THREADX_PORT_NAME="${RTB_THREADX_PORT}")
# Kernel sources are third-party: build them as they are, without our warning flags.
target_compile_options(rtb_kernel PRIVATE -w)

set(RTB_OS_SOURCES ${CMAKE_CURRENT_LIST_DIR}/rtb_os_threadx.c ${RTB_THREADX_ARCH}.c)
set(RTB_OS_LIBRARIES rtb_kernel)
