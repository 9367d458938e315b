# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# linux: this host as a process. Non-PIE, so that a faulting pc is a link-time address
# addr2line can name without knowing where the image was loaded.
set(RTB_ARCH native)
set(RTB_ARCH_FLAGS -fno-pie -pthread)
# The core is C11; the platform files need POSIX and GNU extensions (affinity, SIGEV_THREAD_ID).
add_compile_definitions(_GNU_SOURCE)
set(RTB_TARGET_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/main.c
    ${CMAKE_CURRENT_LIST_DIR}/process.c
    ${CMAKE_CURRENT_LIST_DIR}/console.c
    ${CMAKE_CURRENT_LIST_DIR}/realtime.c
    ${CMAKE_CURRENT_LIST_DIR}/describe.c
    ${CMAKE_CURRENT_LIST_DIR}/fault.c
    ${CMAKE_CURRENT_LIST_DIR}/irq_timer.c)
set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/include)
set(RTB_TARGET_LINK_OPTIONS -no-pie -pthread -lrt)
