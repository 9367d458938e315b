# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# RTEMS port: the kernel is built with its own waf (build_kernel.sh, on a copy of the tree) for
# the BSP of the target's board, with rtbench's BSP options (bsp.ini.in), and installed into a
# folder of the workspace that every image of the same tree, options and toolchain shares; the
# image links it as RTEMS applications link: the BSP's start-up and linker script through the
# toolchain's -qrtems, librtemsbsp.a and librtemscpu.a. rtbench is the application: its
# configuration (rtb_rtems_config.c, confdefs.h) names the port's initialisation task, which
# calls rtbench's entry.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(RTEMS RTB_RTEMS cortex-a9 arm/realview_pbx_a9_qemu)
rtb_port_require_tree("an RTEMS 6 tree (github.com/RTEMS/rtems, with its waf)"
    wscript waf cpukit/rtems/src/taskconstruct.c spec/build/bsps/arm/realview-pbx-a9/bsprealviewpbxa9.yml)
if(NOT RTB_TOOLS_DIR OR NOT EXISTS "${RTB_TOOLS_DIR}/arm-rtems6-gcc")
    message(FATAL_ERROR "RTEMS is built with the arm-rtems6 toolchain (scripts/rtems_toolchain.sh): "
        "qemu-a9 builds it through its [kernels.rtems] table, which sets RTB_TOOLS_DIR")
endif()

set(RTB_RTEMS_DIR ${CMAKE_CURRENT_LIST_DIR})
string(REPLACE ";" " " RTB_RTEMS_OPT "${RTB_OPT_FLAGS}")
# The shared folder: named by what the kernel's build depends on.
string(SHA256 rtb_rtems_key "${RTB_KERNEL_SRC}|${RTB_RTEMS_PORT}|${RTB_RTEMS_OPT}|${RTB_TOOLS_DIR}")
string(SUBSTRING ${rtb_rtems_key} 0 10 rtb_rtems_key)
get_filename_component(RTB_RTEMS_WORK ${CMAKE_BINARY_DIR}/../rtems-kernel-${rtb_rtems_key} ABSOLUTE)
set(RTB_RTEMS_COPY ${RTB_RTEMS_WORK}/rtems)
set(RTB_RTEMS_BSP ${RTB_RTEMS_PORT})
configure_file(${RTB_RTEMS_DIR}/bsp.ini.in ${CMAKE_BINARY_DIR}/rtems_bsp.ini @ONLY)
string(REPLACE "/" ";" rtb_rtems_bsp_parts ${RTB_RTEMS_PORT})
list(GET rtb_rtems_bsp_parts 1 RTB_RTEMS_BSP_NAME)
set(RTB_RTEMS_LIBDIR ${RTB_RTEMS_WORK}/install/arm-rtems6/${RTB_RTEMS_BSP_NAME}/lib)
set(RTB_RTEMS_STAMP ${RTB_RTEMS_WORK}/built.stamp)

# The library is a by-product, so that Ninja knows which rule makes what the image links.
add_custom_command(OUTPUT ${RTB_RTEMS_STAMP} BYPRODUCTS ${RTB_RTEMS_LIBDIR}/librtemscpu.a
    COMMAND sh ${RTB_RTEMS_DIR}/build_kernel.sh ${RTB_KERNEL_SRC} ${RTB_RTEMS_WORK} ${CMAKE_BINARY_DIR}/rtems_bsp.ini
        ${RTB_TOOLS_DIR} ${RTB_RTEMS_STAMP}
    DEPENDS ${CMAKE_BINARY_DIR}/rtems_bsp.ini ${RTB_RTEMS_DIR}/build_kernel.sh
    COMMENT "RTEMS: waf configure, build and install ${RTB_RTEMS_PORT} (log: ${RTB_RTEMS_WORK}/waf.log)"
    USES_TERMINAL)
add_custom_target(rtb_rtems_kernel_build DEPENDS ${RTB_RTEMS_STAMP})
# The kernel's library, named so that the image relinks when it changes; -qrtems links the rest.
add_library(rtb_rtems_kernel STATIC IMPORTED)
set_target_properties(rtb_rtems_kernel PROPERTIES IMPORTED_LOCATION ${RTB_RTEMS_LIBDIR}/librtemscpu.a
    INTERFACE_LINK_OPTIONS "-B${RTB_RTEMS_LIBDIR}/;-qrtems")
add_dependencies(rtb_rtems_kernel rtb_rtems_kernel_build)

# The port's files see the BSP's installed headers (RTEMS's API and confdefs.h), as an RTEMS
# application does; the rest of rtbench keeps the toolchain's. RTEMS's score headers (semimpl.h's
# timestamps) use newlib's BSD interfaces, which strict C11 hides: _DEFAULT_SOURCE shows them.
set(RTB_OS_SOURCES ${RTB_RTEMS_DIR}/rtb_os_rtems.c ${RTB_RTEMS_DIR}/rtb_os_rtems_services.c
    ${RTB_RTEMS_DIR}/rtb_rtems_config.c ${RTB_RTEMS_DIR}/rtb_rtems_periods.c ${RTB_RTEMS_ARCH}.c)
set_source_files_properties(${RTB_OS_SOURCES} PROPERTIES
    INCLUDE_DIRECTORIES "${RTB_RTEMS_DIR};${RTB_PORT_COMMON_DIR};${RTB_TARGET_INCLUDES}"
    COMPILE_OPTIONS "-isystem;${RTB_RTEMS_LIBDIR}/include;-D_DEFAULT_SOURCE"
    COMPILE_DEFINITIONS "RTB_PROFILE_HEADER=\"${RTB_PROFILE_FILE}\";RTB_RTEMS_ARCH_HEADER=\"${RTB_RTEMS_ARCH}.h\";RTB_RTEMS_BSP=\"${RTB_RTEMS_PORT}\""
    OBJECT_DEPENDS ${RTB_RTEMS_STAMP})
# The benchmark registry is an RTEMS linker set (RTEMS's linker script gives every input section
# a place, so no section of rtbench's own survives): its entries in the set's content, its bounds
# the set's begin and end (rtb_rtems_config.c), under the names the core reads.
add_compile_definitions([[RTB_BENCH_SECTION=".rtemsroset.rtb_benches.content.1"]])
# The kernel's tick, timed where the clock driver calls it (arch/<arch>.c).
set(RTB_OS_LIBRARIES rtb_rtems_kernel -Wl,--wrap=_Timecounter_Tick
    -Wl,--defsym=__start_rtb_benches=_Linker_set_rtb_benches_begin
    -Wl,--defsym=__stop_rtb_benches=_Linker_set_rtb_benches_end
    # The BSP's one RAM region holds code and data in one segment, as RTEMS's own images do.
    -Wl,--no-warn-rwx-segments)
# RTEMS starts before rtbench (its first task calls rtb_main): boot_time's phases say so.
add_compile_definitions(RTB_BOOT_KERNEL_FIRST)
