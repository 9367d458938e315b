# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# freertos-codesign: the freertos port built from a patched copy of the kernel tree (rtbench
# passes it as RTB_KERNEL_SRC), with include/ ahead on the include path for the macros the
# patched tasks.c calls and rtb_codesign.c for the slots' allocation.
include(${CMAKE_CURRENT_LIST_DIR}/../freertos/os.cmake)
if(NOT RTB_ARCH STREQUAL "riscv32")
    message(FATAL_ERROR "freertos-codesign drives the vexriscv-sim SoC's per-task slots; '${RTB_ARCH}' has none")
endif()
if(NOT EXISTS ${RTB_KERNEL_SRC}/.rtbench-patches.json)
    message(FATAL_ERROR "freertos-codesign builds only from a tree rtbench patched (run it through rtbench)")
endif()
target_include_directories(rtb_kernel BEFORE PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_compile_definitions(rtb_kernel PUBLIC RTB_FREERTOS_CODESIGN=1)
target_sources(rtb_kernel PRIVATE ${CMAKE_CURRENT_LIST_DIR}/rtb_codesign.c)
