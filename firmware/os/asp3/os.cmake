# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# TOPPERS/ASP3 port: ASP3 creates its objects statically, from a system configuration file that
# its own Python configurator (cfg/cfg.py, three passes) turns into kernel tables. This file runs
# that configurator on rtb_asp3.cfg, as the tree's CMakeLists.txt does, and builds the kernel's
# files with the generated tables into rtb_kernel, with the image's flags. The tree's
# CMakeLists.txt is not used itself: it links its own executable and start-up, and takes its
# compiler flags (-mfloat-abi=softfp on mps2_an386) from the tree's target, which would not link
# with rtbench's hard-float image.
# Target-dependent part: the tree's mps2_an386_gcc headers (the same for QEMU's mps2-an385), with
# rtbench's own in mps2/ here, found first: the initialisation and the timer configuration, which
# leave the board's start-up and console to rtbench; the timer driver (the kernel's clock on the
# board's timer0, a one-shot SysTick for its interrupts); the idle loop; the vector table's place.
# ASP3 runs tickless: the ARMv7-M core's periodic tick driver (core_timer.c) cannot tick at the
# other kernels' 100 Hz (kernel/time_event.c refuses a TSTEP_HRTCNT above 4000 us).
# The folder is not called target/: setup.py leaves directories of that name out of the wheel.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(ASP3 RTB_ASP3 cortex-m3 arch/arm_m_gcc/common cortex-m4f arch/arm_m_gcc/common)
rtb_port_require_tree("an asp3_core tree (TOPPERS/ASP3 3.x with its Python configurator)"
    cfg/cfg.py kernel/kernel_api.def ${RTB_ASP3_PORT}/core_kernel.py target/mps2_an386_gcc/target_timer.h
    target/mps2_an386_gcc/target_kernel.py)
find_package(Python3 REQUIRED COMPONENTS Interpreter)

set(RTB_ASP3_DIR ${CMAKE_CURRENT_LIST_DIR})
set(RTB_ASP3_GEN ${CMAKE_BINARY_DIR}/asp3_cfg)
file(MAKE_DIRECTORY ${RTB_ASP3_GEN})
set(RTB_ASP3_CORE ${RTB_KERNEL_SRC}/${RTB_ASP3_PORT})
# Ours first (mps2/, the generated tables, the port's folder, the target's: its capacity in
# rtb_target_config.h sizes the objects the configurator makes), then the tree's.
set(RTB_ASP3_OWN_INCLUDES ${RTB_ASP3_DIR}/mps2 ${RTB_ASP3_GEN} ${RTB_ASP3_DIR} ${RTB_PORT_COMMON_DIR}
    ${CMAKE_CURRENT_LIST_DIR}/../../core/include ${RTB_TARGET_INCLUDES})
set(RTB_ASP3_TREE_INCLUDES ${RTB_KERNEL_SRC}/target/mps2_an386_gcc ${RTB_ASP3_CORE} ${RTB_KERNEL_SRC}/arch/gcc
    ${RTB_KERNEL_SRC}/include ${RTB_KERNEL_SRC} ${RTB_KERNEL_SRC}/kernel)
set(RTB_ASP3_DEFINITIONS TOPPERS_OMIT_TECS TOPPERS_OMIT_SYSLOG TOPPERS_CUSTOM_IDLE USE_TIM_AS_HRT __TARGET_ARCH_THUMB=4
    RTB_PROFILE_HEADER="${RTB_PROFILE_FILE}")
if(RTB_ARCH STREQUAL "cortex-m4f")
    list(APPEND RTB_ASP3_DEFINITIONS TOPPERS_CORTEX_M4 TOPPERS_FPU_ENABLE TOPPERS_FPU_CONTEXT TOPPERS_FPU_LAZYSTACKING)
else()
    list(APPEND RTB_ASP3_DEFINITIONS TOPPERS_CORTEX_M3)
endif()

# The configurator's command line, as the tree's CMakeLists.txt builds it.
set(RTB_ASP3_CFG ${Python3_EXECUTABLE} -B ${RTB_KERNEL_SRC}/cfg/cfg.py --kernel asp)
foreach(dir ${RTB_ASP3_OWN_INCLUDES} ${RTB_ASP3_TREE_INCLUDES})
    list(APPEND RTB_ASP3_CFG -I${dir})
endforeach()
set(RTB_ASP3_CFG_FILES ${RTB_ASP3_DIR}/mps2/target_kernel.cfg ${RTB_ASP3_DIR}/rtb_asp3.cfg)

# Pass 1: the static API calls -> cfg1_out.c, built and linked to read their values back.
add_custom_command(OUTPUT ${RTB_ASP3_GEN}/cfg1_out.c ${RTB_ASP3_GEN}/cfg1_out.db
    WORKING_DIRECTORY ${RTB_ASP3_GEN}
    COMMAND ${RTB_ASP3_CFG} --pass 1 --api-table ${RTB_KERNEL_SRC}/kernel/kernel_api.def
        --symval-table ${RTB_KERNEL_SRC}/kernel/kernel_sym.def --symval-table ${RTB_ASP3_CORE}/core_sym.def
        ${RTB_ASP3_CFG_FILES}
    DEPENDS ${RTB_ASP3_CFG_FILES} ${RTB_ASP3_DIR}/rtb_asp3_cfg.h ${RTB_PROFILE_FILE}
    COMMENT "ASP3 configurator, pass 1")
add_executable(rtb_asp3_cfg1_out EXCLUDE_FROM_ALL ${RTB_ASP3_GEN}/cfg1_out.c)
target_include_directories(rtb_asp3_cfg1_out PRIVATE ${RTB_ASP3_OWN_INCLUDES} ${RTB_ASP3_TREE_INCLUDES})
target_compile_definitions(rtb_asp3_cfg1_out PRIVATE ${RTB_ASP3_DEFINITIONS})
# Every value must stay in the image the configurator reads.
target_link_options(rtb_asp3_cfg1_out PRIVATE -nostartfiles --specs=nano.specs --specs=nosys.specs
    -Wl,--no-gc-sections -Wl,--entry=0)
add_custom_command(OUTPUT ${RTB_ASP3_GEN}/cfg1_out.syms ${RTB_ASP3_GEN}/cfg1_out.srec
    WORKING_DIRECTORY ${RTB_ASP3_GEN}
    COMMAND ${CMAKE_NM} -n $<TARGET_FILE:rtb_asp3_cfg1_out> > cfg1_out.syms
    COMMAND ${CMAKE_OBJCOPY} -O srec -S $<TARGET_FILE:rtb_asp3_cfg1_out> cfg1_out.srec
    DEPENDS rtb_asp3_cfg1_out)
set(RTB_ASP3_ROM --rom-symbol ${RTB_ASP3_GEN}/cfg1_out.syms --rom-image ${RTB_ASP3_GEN}/cfg1_out.srec)
# Pass 2: the offsets the core's assembly uses, then the kernel's tables.
add_custom_command(OUTPUT ${RTB_ASP3_GEN}/offset.h
    WORKING_DIRECTORY ${RTB_ASP3_GEN}
    COMMAND ${RTB_ASP3_CFG} --pass 2 -O -T ${RTB_ASP3_CORE}/core_offset.py ${RTB_ASP3_ROM}
    DEPENDS ${RTB_ASP3_GEN}/cfg1_out.syms ${RTB_ASP3_GEN}/cfg1_out.srec ${RTB_ASP3_GEN}/cfg1_out.db
    COMMENT "ASP3 configurator, pass 2 (offset.h)")
add_custom_command(OUTPUT ${RTB_ASP3_GEN}/kernel_cfg.c ${RTB_ASP3_GEN}/kernel_cfg.h
    WORKING_DIRECTORY ${RTB_ASP3_GEN}
    COMMAND ${RTB_ASP3_CFG} --pass 2 -T ${RTB_KERNEL_SRC}/target/mps2_an386_gcc/target_kernel.py ${RTB_ASP3_ROM}
    DEPENDS ${RTB_ASP3_GEN}/cfg1_out.syms ${RTB_ASP3_GEN}/cfg1_out.srec ${RTB_ASP3_GEN}/cfg1_out.db
        ${RTB_ASP3_GEN}/offset.h
    COMMENT "ASP3 configurator, pass 2 (kernel_cfg.c)")
add_custom_target(rtb_asp3_tables DEPENDS ${RTB_ASP3_GEN}/offset.h ${RTB_ASP3_GEN}/kernel_cfg.h)

set(RTB_ASP3_KERNEL_FILES alarm cyclic dataqueue eventflag exception interrupt mempfix mutex pridataq semaphore
    startup sys_manage task task_manage task_refer task_sync task_term taskhook time_event time_manage wait)
list(TRANSFORM RTB_ASP3_KERNEL_FILES PREPEND ${RTB_KERNEL_SRC}/kernel/)
list(TRANSFORM RTB_ASP3_KERNEL_FILES APPEND .c)
add_library(rtb_kernel STATIC ${RTB_ASP3_KERNEL_FILES}
    ${RTB_ASP3_CORE}/core_kernel_impl.c ${RTB_ASP3_CORE}/core_support.S ${RTB_ASP3_DIR}/mps2/target_timer.c
    ${RTB_ASP3_DIR}/mps2/target_kernel_impl.c)
rtb_port_link(rtb_os_asp3.c ${RTB_ASP3_ARCH} INCLUDES ${RTB_ASP3_OWN_INCLUDES})
# The generated tables join after rtb_port_link, which checks the library's sources exist: these
# exist only once the configurator has run.
target_sources(rtb_kernel PRIVATE ${RTB_ASP3_GEN}/kernel_cfg.c)
add_dependencies(rtb_kernel rtb_asp3_tables)
# The tree's headers as system headers: rtbench's own files here build with -Wextra -Werror.
target_include_directories(rtb_kernel SYSTEM PUBLIC ${RTB_ASP3_TREE_INCLUDES})
target_compile_definitions(rtb_kernel PUBLIC ${RTB_ASP3_DEFINITIONS}
    RTB_ASP3_ARCH_HEADER="${RTB_ASP3_ARCH}.h" RTB_ASP3_PORT_NAME="${RTB_ASP3_PORT}+target/mps2_an386_gcc")
# Every function of a kernel file (ALLFUNC), no assert() (NDEBUG): the profile's fair settings.
target_compile_definitions(rtb_kernel PRIVATE ALLFUNC NDEBUG)
# The kernel's vector table (core_initialize sets VTOR to it) aligned as VTOR requires: the
# target's link.ld knows nothing of it, mps2/vector.ld places it.
target_link_options(rtb_kernel INTERFACE -Wl,-T,${RTB_ASP3_DIR}/mps2/vector.ld)
