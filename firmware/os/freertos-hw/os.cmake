# freertos-hw: the freertos port as it is, plus include/portmacro.h ahead of the kernel's RISC-V
# port directory, which routes port-optimised task selection to the SoC's priority selector.
include(${CMAKE_CURRENT_LIST_DIR}/../freertos/os.cmake)
if(NOT RTB_ARCH STREQUAL "riscv32")
    message(FATAL_ERROR "freertos-hw drives the vexriscv-sim SoC's priority selector; '${RTB_ARCH}' has none")
endif()
target_include_directories(rtb_kernel BEFORE PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_compile_definitions(rtb_kernel PUBLIC RTB_FREERTOS_HW_SCHED=1)
