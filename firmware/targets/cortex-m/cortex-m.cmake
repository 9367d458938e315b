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

# rtb_cortex_m_target(<target folder> [FAMILY <folder here>] [SOURCES <peripheral source here>...]
#                     [BOARD_SOURCES <source in the target folder>...])
# A board family (targets/board-<family>/) keeps its drivers, headers and link.ld in its own
# folder: it names no FAMILY, and its link.ld takes the board file's memory map (RTB_BOARD_CODE_*
# and RTB_BOARD_RAM_* among RTB_DEFINES) as linker symbols.
macro(rtb_cortex_m_target target_dir)
    cmake_parse_arguments(rtb_cm "" "FAMILY" "SOURCES;BOARD_SOURCES" ${ARGN})
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
    foreach(source ${rtb_cm_BOARD_SOURCES})
        list(APPEND RTB_TARGET_SOURCES ${target_dir}/${source})
    endforeach()
    if(rtb_cm_FAMILY)
        set(rtb_cm_family_dir ${RTB_CM_DIR}/${rtb_cm_FAMILY})
    else()
        set(rtb_cm_family_dir ${target_dir})
    endif()
    set(RTB_TARGET_INCLUDES ${target_dir}/include ${rtb_cm_family_dir} ${RTB_CM_DIR})
    set(RTB_TARGET_LINK_OPTIONS -T${rtb_cm_family_dir}/link.ld -L${RTB_CM_DIR}
        -nostartfiles --specs=nano.specs --specs=nosys.specs)
    foreach(definition ${RTB_DEFINES})
        if(definition MATCHES "^RTB_BOARD_(CODE|RAM)_(ORIGIN|LENGTH)=(.+)$")
            list(APPEND RTB_TARGET_LINK_OPTIONS
                "-Wl,--defsym=RTB_${CMAKE_MATCH_1}_${CMAKE_MATCH_2}=${CMAKE_MATCH_3}")
        endif()
    endforeach()
endmacro()
