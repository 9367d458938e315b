# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Cross toolchain for qemu-a9 under RTEMS: the arm-rtems6 GCC that scripts/rtems_toolchain.sh
# builds (newlib, RTEMS's multilibs), in RTB_TOOLS_DIR (rtbench passes $RTEMS_TOOLS/bin). The
# board is realview-pbx-a9, the machine RTEMS's realview_pbx_a9_qemu BSP runs on.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES RTB_TOOLS_DIR)
if(NOT RTB_TOOLS_DIR OR NOT EXISTS "${RTB_TOOLS_DIR}/arm-rtems6-gcc")
    message(FATAL_ERROR "RTB_TOOLS_DIR='${RTB_TOOLS_DIR}' holds no arm-rtems6-gcc: build it with "
        "scripts/rtems_toolchain.sh and set RTEMS_TOOLS to its folder")
endif()
set(CMAKE_C_COMPILER ${RTB_TOOLS_DIR}/arm-rtems6-gcc)
set(CMAKE_ASM_COMPILER ${RTB_TOOLS_DIR}/arm-rtems6-gcc)
set(CMAKE_AR ${RTB_TOOLS_DIR}/arm-rtems6-ar CACHE FILEPATH "archiver")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(RTB_A9_BOARD pbx-a9)
