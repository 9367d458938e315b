/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* CV32E40P's trap entry. Its mtvec keeps only a 256-byte-aligned base, and in vectored mode
 * interrupt n enters at base + 4n: writing a kernel's handler address there would enter the
 * middle of some other code. The image instead gets a 256-byte-aligned table of 32 jumps, each
 * to the kernel port's trap entry (which reads mcause itself, as on the other CPUs), and mtvec
 * is that table | 1 (vectored). Every trap costs one jump more than on a CPU that enters the
 * handler directly. The table is assembled where the port names its entry, so no kernel or
 * port source changes; compiled only for this CPU (RTB_CPU_CV32E40P). */
#ifndef RTB_CV32E40P_VECTORS_H
#define RTB_CV32E40P_VECTORS_H

#include <stdint.h>

#define RTB_TARGET_TRAP_ENTRY(entry)                                                             \
    do {                                                                                         \
        uint32_t vectors_;                                                                       \
        __asm__ volatile(".pushsection .text.rtb_cv32e40p_vectors, \"ax\", @progbits\n"         \
                         ".option push\n"                                                        \
                         ".option norvc\n"                                                       \
                         ".balign 256\n"                                                         \
                         "rtb_cv32e40p_vectors_%=:\n"                                            \
                         ".rept 32\n"                                                            \
                         "j " #entry "\n"                                                        \
                         ".endr\n"                                                               \
                         ".option pop\n"                                                         \
                         ".popsection\n"                                                         \
                         "la %0, rtb_cv32e40p_vectors_%=\n"                                      \
                         "ori %0, %0, 1\n"                                                       \
                         "csrw mtvec, %0\n"                                                      \
                         : "=r"(vectors_));                                                      \
    } while (0)

#endif
