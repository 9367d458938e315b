# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# linux-rt: the posix port's sources, built for the guest (the kernel itself is Debian's
# prebuilt one, booted by the runner).
include(${CMAKE_CURRENT_LIST_DIR}/../posix/os.cmake)
