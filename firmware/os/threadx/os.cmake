# ThreadX port: builds the kernel from RTB_KERNEL_SRC (a threadx tree) into its own library,
# so that footprint can tell kernel code from rtbench code. The linker keeps only the
# services rtbench calls.
# Per architecture: the kernel's port directory, and rtbench's arch/<arch>.{h,c}.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(ThreadX RTB_THREADX cortex-m3 ports/cortex_m3/gnu)
rtb_port_require_tree("a threadx tree with ${RTB_THREADX_PORT}"
    common/src/tx_thread_create.c ${RTB_THREADX_PORT}/inc/tx_port.h)

file(GLOB RTB_THREADX_COMMON ${RTB_KERNEL_SRC}/common/src/*.c)
file(GLOB RTB_THREADX_PORT_ASM ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/src/*.S)
# The MISRA helpers serve only TX_MISRA_ENABLE builds.
list(FILTER RTB_THREADX_PORT_ASM EXCLUDE REGEX "tx_misra\\.S$")
add_library(rtb_kernel STATIC ${RTB_THREADX_COMMON} ${RTB_THREADX_PORT_ASM})
rtb_port_link(rtb_os_threadx.c ${RTB_THREADX_ARCH} INCLUDES
    ${RTB_KERNEL_SRC}/common/inc
    ${RTB_KERNEL_SRC}/${RTB_THREADX_PORT}/inc)
target_compile_definitions(rtb_kernel PUBLIC
    TX_INCLUDE_USER_DEFINE_FILE
    RTB_THREADX_ARCH_HEADER="${RTB_THREADX_ARCH}.h"
    RTB_THREADX_PORT_NAME="${RTB_THREADX_PORT}")
