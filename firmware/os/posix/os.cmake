# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# posix port: no kernel library to build (the kernel is the running one); the port's own files
# and the C library's real-time and thread services.
set(RTB_OS_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/task.c
    ${CMAKE_CURRENT_LIST_DIR}/sched.c
    ${CMAKE_CURRENT_LIST_DIR}/sem.c
    ${CMAKE_CURRENT_LIST_DIR}/mutex.c
    ${CMAKE_CURRENT_LIST_DIR}/queue.c
    ${CMAKE_CURRENT_LIST_DIR}/pool.c
    ${CMAKE_CURRENT_LIST_DIR}/period.c
    ${CMAKE_CURRENT_LIST_DIR}/services.c
    ${CMAKE_CURRENT_LIST_DIR}/describe.c)
set(RTB_OS_LIBRARIES pthread rt)
