# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Native toolchain for the linux target: the host's gcc and glibc.
set(CMAKE_C_COMPILER gcc)
set(CMAKE_ASM_COMPILER gcc)
