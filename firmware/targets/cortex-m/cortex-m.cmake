# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Included by each Cortex-M target's target.cmake: the start-up, semihosting and description
# every one of them has, the peripheral sources it names (files here), its include/ folder and
# its link.ld, which takes the shared section layout (sections.ld) from here.
set(RTB_CM_DIR ${CMAKE_CURRENT_LIST_DIR})

# rtb_cortex_m_target(<target folder> <peripheral source>...)
macro(rtb_cortex_m_target target_dir)
    set(RTB_TARGET_SOURCES ${RTB_CM_DIR}/startup.c ${RTB_CM_DIR}/semihost.c ${RTB_CM_DIR}/describe.c)
    foreach(source ${ARGN})
        list(APPEND RTB_TARGET_SOURCES ${RTB_CM_DIR}/${source})
    endforeach()
    set(RTB_TARGET_INCLUDES ${target_dir}/include ${RTB_CM_DIR})
    set(RTB_TARGET_LINK_OPTIONS -T${target_dir}/link.ld -L${RTB_CM_DIR}
        -nostartfiles --specs=nano.specs --specs=nosys.specs)
endmacro()
