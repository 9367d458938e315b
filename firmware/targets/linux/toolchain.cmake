# Native toolchain for the linux target: the host's gcc and glibc.
set(CMAKE_C_COMPILER gcc)
set(CMAKE_ASM_COMPILER gcc)
