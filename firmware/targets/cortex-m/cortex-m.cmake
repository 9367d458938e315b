# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Included by each Cortex-M target's target.cmake: the start-up, semihosting and description
# every one of them has, plus what the target names from this folder (a board family's folder
# of headers and link.ld, peripheral sources). A link.ld defines CODE and RAM and includes the
# shared section layout (sections.ld).
set(RTB_CM_DIR ${CMAKE_CURRENT_LIST_DIR})
# The kernel library without -fdata-sections: a section per global defeats GCC's section anchors,
# so kernel paths load each global's address on their own (on qemu-m3 FreeRTOS's task_switch
# 56 -> 52 instructions, uC/OS-II's sem_signal_wake 228 -> 222, ThreadX's paths unchanged): a
# bias between kernels that is rtbench's build choice, not theirs. -ffunction-sections stays,
# so unused kernel functions are still dropped. `--opt '-O2 -fdata-sections'` measures with it.
set(RTB_KERNEL_FLAGS -fno-data-sections)

# rtb_cortex_m_target(<target folder> FAMILY <folder here> SOURCES <peripheral source here>...)
macro(rtb_cortex_m_target target_dir)
    cmake_parse_arguments(rtb_cm "" "FAMILY" "SOURCES" ${ARGN})
    # On a real board (the board runner) no semihosting host answers: board_host.c instead.
    if("RTB_BOARD_HOST" IN_LIST RTB_DEFINES)
        set(rtb_cm_host ${RTB_CM_DIR}/board_host.c)
    else()
        get_filename_component(rtb_cm_host ${RTB_CM_DIR}/../arm-semihosting/semihosting.c ABSOLUTE)
        set_source_files_properties(${rtb_cm_host} PROPERTIES COMPILE_DEFINITIONS "RTB_SEMIHOST_TRAP=\"bkpt 0xab\"")
    endif()
    set(RTB_TARGET_SOURCES ${RTB_CM_DIR}/startup.c ${rtb_cm_host} ${RTB_CM_DIR}/describe.c)
    foreach(source ${rtb_cm_SOURCES})
        list(APPEND RTB_TARGET_SOURCES ${RTB_CM_DIR}/${source})
    endforeach()
    set(RTB_TARGET_INCLUDES ${target_dir}/include ${RTB_CM_DIR}/${rtb_cm_FAMILY} ${RTB_CM_DIR})
    set(RTB_TARGET_LINK_OPTIONS -T${RTB_CM_DIR}/${rtb_cm_FAMILY}/link.ld -L${RTB_CM_DIR}
        -nostartfiles --specs=nano.specs --specs=nosys.specs)
endmacro()
