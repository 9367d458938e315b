/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The machine µT-Kernel runs on: QEMU's MPS2 boards (mps2-an385 Cortex-M3, mps2-an386 Cortex-M4F),
 * which the tree has no system-dependent part for. The tree's sys/machine.h picks a board by a
 * macro of its own list; this header, given to every kernel and port file first (-include), names
 * rtbench's instead: the ARMv7-M core of the tree, and rtbench's folders for the rest
 * (mps2/include/sysdepend/rtb_mps2, mps2/kernel/rtb_mps2). */
#ifndef RTB_MTK_MACHINE_H
#define RTB_MTK_MACHINE_H

#define RTB_MPS2 1
#define CPU_CORE_ARMV7M 1
#ifdef __ARM_FP
#define CPU_CORE_ACM4F 1
#else
#define CPU_CORE_ACM3 1
#endif
#define TARGET_DIR rtb_mps2
#define KNL_SYSDEP_PATH rtb_mps2
#define Csym(sym) sym
/* The kernel's main() (sysinit.c) as knl_main(): rtbench's start-up owns main. */
#define ADD_PREFIX_KNL_TO_GLOBAL_NAME 1

#include "sys/sysdepend/cpu/core/armv7m/machine.h" /* endianness, alignment */

#endif
