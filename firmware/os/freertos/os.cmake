# FreeRTOS port: builds the kernel from RTB_KERNEL_SRC (a FreeRTOS-Kernel tree) into its own
# library, so that footprint can tell kernel code from rtbench code.
# Per architecture: the kernel's port directory, and rtbench's arch/<arch>.{h,c}.
set(RTB_FREERTOS_PORTS_cortex-m3 portable/GCC/ARM_CM3)
set(RTB_FREERTOS_PORTS_riscv32 portable/GCC/RISC-V)
set(RTB_FREERTOS_PORT ${RTB_FREERTOS_PORTS_${RTB_ARCH}})
set(RTB_FREERTOS_ARCH ${CMAKE_CURRENT_LIST_DIR}/arch/${RTB_ARCH})
if(NOT RTB_FREERTOS_PORT)
    message(FATAL_ERROR "the FreeRTOS port has no mapping for architecture '${RTB_ARCH}'")
endif()
if(NOT EXISTS ${RTB_KERNEL_SRC}/tasks.c OR NOT EXISTS ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/port.c)
    message(FATAL_ERROR "RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' is not a FreeRTOS-Kernel tree with ${RTB_FREERTOS_PORT}")
endif()
set(RTB_PROFILE_FILE ${CMAKE_CURRENT_LIST_DIR}/profiles/${RTB_PROFILE}.h)
if(NOT EXISTS ${RTB_PROFILE_FILE})
    message(FATAL_ERROR "FreeRTOS has no profile '${RTB_PROFILE}' (${RTB_PROFILE_FILE})")
endif()

add_library(rtb_kernel STATIC
    ${RTB_KERNEL_SRC}/tasks.c
    ${RTB_KERNEL_SRC}/list.c
    ${RTB_KERNEL_SRC}/queue.c
    ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/port.c
    ${RTB_KERNEL_SRC}/portable/MemMang/heap_4.c)
if(RTB_ARCH STREQUAL "riscv32")
    # The RISC-V port's trap entry and context switch are assembly, and it needs a chip header.
    target_sources(rtb_kernel PRIVATE ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/portASM.S)
    target_include_directories(rtb_kernel PUBLIC
        ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}/chip_specific_extensions/RISCV_no_extensions)
endif()
target_include_directories(rtb_kernel PUBLIC
    ${CMAKE_CURRENT_LIST_DIR}
    ${RTB_KERNEL_SRC}/include
    ${RTB_KERNEL_SRC}/${RTB_FREERTOS_PORT}
    ${RTB_TARGET_INCLUDES})
target_compile_definitions(rtb_kernel PUBLIC
    RTB_PROFILE_HEADER="${RTB_PROFILE_FILE}"
    RTB_FREERTOS_ARCH_HEADER="${RTB_FREERTOS_ARCH}.h"
    RTB_FREERTOS_PORT_NAME="${RTB_FREERTOS_PORT}")
# Kernel sources are third-party: build them as they are, without our warning flags.
target_compile_options(rtb_kernel PRIVATE -w)

set(RTB_OS_SOURCES ${CMAKE_CURRENT_LIST_DIR}/rtb_os_freertos.c ${RTB_FREERTOS_ARCH}.c)
set(RTB_OS_LIBRARIES rtb_kernel)
