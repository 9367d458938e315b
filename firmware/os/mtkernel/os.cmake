# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# µT-Kernel 3.0 port: builds the kernel's files from RTB_KERNEL_SRC (an mtkernel_3 tree) into
# rtb_kernel with the image's flags. The tree's makefiles (build_make/) build one of its own
# boards with its own start-up; none is an MPS2 board. Its ARMv7-M core (the dispatcher, the
# interrupt entry, the SysTick driver) is used as it is; the system-dependent part for QEMU's
# MPS2 boards is rtbench's, in mps2/: the machine and board definitions the tree's headers pick
# by TARGET_DIR and KNL_SYSDEP_PATH, the device and power hooks, the vector table in RAM that the
# kernel installs interrupt handlers in. config.h here replaces the tree's config/config.h.
# rtbench's start-up (the target's startup.c) resets the board and calls knl_main through the port.
include(${CMAKE_CURRENT_LIST_DIR}/../common/port.cmake)
rtb_port_select(µT-Kernel RTB_MTK cortex-m3 kernel/sysdepend/cpu/core/armv7m
    cortex-m4f kernel/sysdepend/cpu/core/armv7m)
rtb_port_require_tree("an mtkernel_3 tree (µT-Kernel 3.0)" include/tk/tkernel.h kernel/sysinit/sysinit.c
    config/config_func.h ${RTB_MTK_PORT}/dispatch.S lib/libtk/sysdepend/cpu/core/armv7m/int_armv7m.c)

# Every file of the folders globbed below that the tree's own makefiles (build_make/) name must be there.
foreach(folder kernel/tkernel kernel/tstdlib lib/libtk lib/libtk/sysdepend/cpu/core/armv7m)
    rtb_port_require_listed(build_make/mtkernel_3/${folder}/subdir.mk "\\./mtkernel_3/(${folder}/[A-Za-z0-9_]+)\\.o"
        "" .c)
endforeach()
set(RTB_MTK_DIR ${CMAKE_CURRENT_LIST_DIR})
set(RTB_MTK_CORE ${RTB_KERNEL_SRC}/${RTB_MTK_PORT})
file(GLOB RTB_MTK_TKERNEL ${RTB_KERNEL_SRC}/kernel/tkernel/*.c)
file(GLOB RTB_MTK_TSTDLIB ${RTB_KERNEL_SRC}/kernel/tstdlib/*.c)
file(GLOB RTB_MTK_LIBTK ${RTB_KERNEL_SRC}/lib/libtk/*.c ${RTB_KERNEL_SRC}/lib/libtk/sysdepend/cpu/core/armv7m/*.c)
add_library(rtb_kernel STATIC ${RTB_MTK_TKERNEL} ${RTB_MTK_TSTDLIB} ${RTB_MTK_LIBTK}
    ${RTB_KERNEL_SRC}/kernel/sysinit/sysinit.c ${RTB_KERNEL_SRC}/kernel/inittask/inittask.c
    ${RTB_MTK_CORE}/cpu_cntl.c ${RTB_MTK_CORE}/dispatch.S ${RTB_MTK_CORE}/exc_hdr.c ${RTB_MTK_CORE}/interrupt.c
    ${RTB_MTK_DIR}/mps2/rtb_mtk_board.c)
# Ours first (the board's folders, config.h), then the tree's, as system headers: rtbench's own
# files build with -Wextra -Werror.
rtb_port_link(rtb_os_mtkernel.c ${RTB_MTK_ARCH} INCLUDES ${RTB_MTK_DIR}/mps2/kernel ${RTB_MTK_DIR}/mps2/include
    ${RTB_MTK_DIR}/mps2 ${CMAKE_CURRENT_LIST_DIR}/../../core/include)
target_include_directories(rtb_kernel SYSTEM PUBLIC ${RTB_KERNEL_SRC}/include ${RTB_KERNEL_SRC}/config
    ${RTB_KERNEL_SRC}/kernel/knlinc ${RTB_KERNEL_SRC}/kernel/sysdepend ${RTB_KERNEL_SRC}/kernel/tkernel)
# The board's machine definitions ahead of every file (the tree's sys/machine.h has no case for it).
target_compile_options(rtb_kernel PUBLIC -include ${RTB_MTK_DIR}/mps2/rtb_mtk_machine.h)
target_compile_definitions(rtb_kernel PUBLIC
    RTB_MTK_ARCH_HEADER="${RTB_MTK_ARCH}.h" RTB_MTK_PORT_NAME="${RTB_MTK_PORT}+rtbench mps2")
# The kernel's vector table in RAM (exchdr_tbl, which tk_def_int fills and VTOR points at),
# aligned as VTOR requires: the target's link.ld knows nothing of it, mps2/vector.ld places it.
target_link_options(rtb_kernel INTERFACE -Wl,-T,${RTB_MTK_DIR}/mps2/vector.ld)
# The kernel's version, as the tree states it (a comment in its start-up file: it has no macro).
file(STRINGS ${RTB_KERNEL_SRC}/kernel/sysinit/sysinit.c RTB_MTK_VERSION_LINE REGEX "micro T-Kernel [0-9]" LIMIT_COUNT 1)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" RTB_MTK_VERSION "${RTB_MTK_VERSION_LINE}")
target_compile_definitions(rtb_kernel PUBLIC RTB_MTK_VERSION="V${RTB_MTK_VERSION}")
