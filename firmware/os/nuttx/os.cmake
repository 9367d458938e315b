# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Apache NuttX port: the kernel is built with its own make and Kconfig (build_kernel.sh, on a copy
# of the tree in the build directory), configured from rtbench.defconfig, the target's chip and
# the profile's settings, with rtbench's own board (mps2/: the chip's code is the tree's,
# arch/arm/src/mps). `make pass2` builds NuttX's libraries and links nothing; they are joined into
# librtb_kernel.a, which rtbench's image links as it links every kernel: rtbench's start-up and
# linker script, then rtb_os_start hands the CPU to NuttX's nx_start, whose interrupt set-up
# points VTOR at NuttX's own vector table.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(NuttX RTB_NUTTX cortex-m4f ARCH_CHIP_MPS2_AN386 cortex-m7 ARCH_CHIP_MPS2_AN500)
rtb_port_require_tree("an Apache NuttX tree (github.com/apache/nuttx)"
    sched/init/nx_start.c arch/arm/src/mps/mps_irq.c arch/arm/src/armv7-m/Toolchain.defs tools/Unix.mk)
find_program(RTB_NUTTX_OLDDEFCONFIG olddefconfig)
if(NOT RTB_NUTTX_OLDDEFCONFIG)
    message(FATAL_ERROR "NuttX's Kconfig needs kconfiglib's olddefconfig: pip install kconfiglib")
endif()

set(RTB_NUTTX_DIR ${CMAKE_CURRENT_LIST_DIR})
set(RTB_NUTTX_WORK ${CMAKE_BINARY_DIR}/nuttx_build)
set(RTB_NUTTX_COPY ${RTB_NUTTX_WORK}/nuttx)
set(RTB_NUTTX_LIB ${RTB_NUTTX_WORK}/librtb_kernel.a)
# The resolved defconfig: rtbench's settings, the chip, rtbench's board folder, the profile's.
file(READ ${RTB_NUTTX_DIR}/rtbench.defconfig rtb_nuttx_config)
file(READ ${RTB_NUTTX_DIR}/profiles/${RTB_PROFILE}.defconfig rtb_nuttx_profile)
string(APPEND rtb_nuttx_config "CONFIG_${RTB_NUTTX_PORT}=y\n"
    "CONFIG_ARCH_BOARD_CUSTOM_DIR=\"${RTB_NUTTX_WORK}/board\"\n" "${rtb_nuttx_profile}")
file(MAKE_DIRECTORY ${RTB_NUTTX_WORK})
file(CONFIGURE OUTPUT ${RTB_NUTTX_WORK}/defconfig CONTENT "${rtb_nuttx_config}" @ONLY)

file(GLOB_RECURSE RTB_NUTTX_BOARD_FILES CONFIGURE_DEPENDS ${RTB_NUTTX_DIR}/mps2/*)
add_custom_command(OUTPUT ${RTB_NUTTX_LIB}
    COMMAND sh ${RTB_NUTTX_DIR}/build_kernel.sh ${RTB_KERNEL_SRC} ${RTB_NUTTX_WORK} ${RTB_NUTTX_WORK}/defconfig
        ${RTB_NUTTX_DIR}/mps2 ${CMAKE_AR} ${RTB_NUTTX_LIB}
    DEPENDS ${RTB_NUTTX_WORK}/defconfig ${RTB_NUTTX_DIR}/build_kernel.sh ${RTB_NUTTX_BOARD_FILES}
    COMMENT "NuttX: make olddefconfig && make pass2 (log: ${RTB_NUTTX_WORK}/make.log)"
    USES_TERMINAL)
add_custom_target(rtb_nuttx_kernel_build DEPENDS ${RTB_NUTTX_LIB})
add_library(rtb_nuttx_kernel STATIC IMPORTED)
set_target_properties(rtb_nuttx_kernel PROPERTIES IMPORTED_LOCATION ${RTB_NUTTX_LIB})
add_dependencies(rtb_nuttx_kernel rtb_nuttx_kernel_build)

# The port's files see NuttX's headers (its own C library's among them) and its configuration,
# as an application of NuttX does; the rest of rtbench keeps the toolchain's.
# Its services (event objects, watchdog timers) cost the other benchmarks nothing: in every image.
set(RTB_OS_SOURCES ${RTB_NUTTX_DIR}/rtb_os_nuttx.c ${RTB_NUTTX_ARCH}.c ${RTB_NUTTX_DIR}/rtb_os_nuttx_services.c)
set_source_files_properties(${RTB_OS_SOURCES} PROPERTIES
    INCLUDE_DIRECTORIES "${RTB_NUTTX_DIR};${RTB_PORT_COMMON_DIR};${RTB_NUTTX_COPY}/include;${RTB_NUTTX_COPY}/arch/arm/src;${RTB_NUTTX_COPY}/arch/arm/src/chip;${RTB_NUTTX_COPY}/arch/arm/src/common;${RTB_NUTTX_COPY}/arch/arm/src/armv7-m;${RTB_NUTTX_COPY}/sched"
    COMPILE_OPTIONS "-std=gnu11;-isystem;${RTB_NUTTX_COPY}/include"
    COMPILE_DEFINITIONS "RTB_PROFILE_HEADER=\"${RTB_PROFILE_FILE}\";RTB_NUTTX_ARCH_HEADER=\"${RTB_NUTTX_ARCH}.h\";RTB_NUTTX_CHIP=\"${RTB_NUTTX_PORT}\""
    OBJECT_DEPENDS ${RTB_NUTTX_LIB})
# NuttX's start-up code and heap placement name the image's sections as its own linker scripts do.
set(RTB_OS_LIBRARIES rtb_nuttx_kernel -Wl,-T,${RTB_NUTTX_DIR}/mps2/rtb_nuttx.ld)
