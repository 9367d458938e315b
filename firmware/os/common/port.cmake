# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Shared by the kernel ports' os.cmake files, which include this file. Inside these functions
# CMAKE_CURRENT_LIST_DIR is the calling port's folder (firmware/os/<kernel>).
set(RTB_PORT_COMMON_DIR ${CMAKE_CURRENT_LIST_DIR})

# rtb_port_select(<kernel> <prefix> <arch> <port dir> [<arch> <port dir>]...): for RTB_ARCH, sets
# <prefix>_PORT (the kernel's own port directory in its tree), <prefix>_ARCH (rtbench's
# arch/<arch>, for .h and .c) and RTB_PROFILE_FILE, or stops saying what is missing.
function(rtb_port_select kernel prefix)
    set(mapping ${ARGN})
    list(FIND mapping "${RTB_ARCH}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the ${kernel} port has no mapping for architecture '${RTB_ARCH}'")
    endif()
    math(EXPR at "${at} + 1")
    list(GET mapping ${at} port)
    set(profile ${CMAKE_CURRENT_LIST_DIR}/profiles/${RTB_PROFILE}.h)
    if(NOT EXISTS ${profile})
        message(FATAL_ERROR "${kernel} has no profile '${RTB_PROFILE}' (${profile})")
    endif()
    set(${prefix}_PORT ${port} PARENT_SCOPE)
    set(${prefix}_ARCH ${CMAKE_CURRENT_LIST_DIR}/arch/${RTB_ARCH} PARENT_SCOPE)
    set(RTB_PROFILE_FILE ${profile} PARENT_SCOPE)
endfunction()

# rtb_port_require_tree(<what a tree must be> <file>...): stops unless RTB_KERNEL_SRC has every
# file (paths relative to it).
function(rtb_port_require_tree what)
    foreach(file ${ARGN})
        if(NOT EXISTS ${RTB_KERNEL_SRC}/${file})
            message(FATAL_ERROR "RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' is not ${what} (no ${file})")
        endif()
    endforeach()
endfunction()

# rtb_port_require_listed(<list> <regex> <prefix> <suffix>): stops unless RTB_KERNEL_SRC has every
# source file its own build list <list> (a file of the tree) names: each line matching <regex> names
# <prefix><the regex's group><suffix>. A port that globs a folder of the tree would build without a
# missing file and end in undefined symbols at link time. A tree without the list is not checked.
function(rtb_port_require_listed list regex prefix suffix)
    if(NOT EXISTS ${RTB_KERNEL_SRC}/${list})
        return()
    endif()
    file(READ ${RTB_KERNEL_SRC}/${list} text)
    string(REGEX MATCHALL "${regex}" named "${text}")
    foreach(match ${named})
        string(REGEX REPLACE "${regex}" "\\1" found "${match}")
        set(file ${prefix}${found}${suffix})
        if(NOT EXISTS ${RTB_KERNEL_SRC}/${file})
            message(FATAL_ERROR "the kernel tree RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' lacks ${file}, which the "
                                "tree's own ${list} lists")
        endif()
    endforeach()
endfunction()

# rtb_port_link(<port source> <arch> INCLUDES <kernel include dir>...): after add_library(rtb_kernel):
# the kernel built as it is (third-party: firmware/CMakeLists.txt leaves its files out of rtbench's
# warning rules), with the port's folder, its
# include dirs, the shared helpers' headers and the target's headers; sets RTB_OS_SOURCES (the
# port, its arch/<arch>.c and its services) and RTB_OS_LIBRARIES for the image.
function(rtb_port_link port_source arch)
    cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "INCLUDES")
    # A kernel source that is missing or empty would end in a wall of undefined symbols at link
    # time: name it now.
    get_target_property(kernel_sources rtb_kernel SOURCES)
    foreach(file ${kernel_sources})
        if(NOT EXISTS ${file})
            message(FATAL_ERROR "the kernel tree RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' lacks ${file}")
        endif()
        file(SIZE ${file} size)
        if(size EQUAL 0)
            message(FATAL_ERROR "the kernel tree RTB_KERNEL_SRC='${RTB_KERNEL_SRC}' has an empty ${file}")
        endif()
    endforeach()
    target_include_directories(rtb_kernel PUBLIC
        ${CMAKE_CURRENT_LIST_DIR} ${RTB_PORT_COMMON_DIR} ${arg_INCLUDES} ${RTB_TARGET_INCLUDES})
    target_compile_definitions(rtb_kernel PUBLIC RTB_PROFILE_HEADER="${RTB_PROFILE_FILE}")
    # The port's optional services (rtb/os.h: event flags, software timers) are in
    # <port source>_services.c, built with them only in images defining RTB_WITH_SERVICES;
    # rtb_port_services_absent.c stands in for them in the others.
    string(REGEX REPLACE "\\.c$" "_services.c" services ${port_source})
    set(RTB_OS_SOURCES ${CMAKE_CURRENT_LIST_DIR}/${port_source} ${arch}.c ${CMAKE_CURRENT_LIST_DIR}/${services}
        ${RTB_PORT_COMMON_DIR}/rtb_port_services_absent.c PARENT_SCOPE)
    set(RTB_OS_LIBRARIES rtb_kernel PARENT_SCOPE)
endfunction()
