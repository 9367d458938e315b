/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The ARMv7-M core's library, the NVIC's interrupt numbers and the I/O accessors the kernel's
 * core files use. */
#ifndef RTB_MTK_SYSLIB_H
#define RTB_MTK_SYSLIB_H

#include "tk/sysdepend/cpu/core/armv7m/syslib.h"

#define MIN_NVIC_INTNO 0
#define MAX_NVIC_INTNO (N_INTVEC - 1)

Inline void out_w(UW port, UW data) { *(_UW *)port = data; }
Inline void out_h(UW port, UH data) { *(_UH *)port = data; }
Inline void out_b(UW port, UB data) { *(_UB *)port = data; }
Inline UW in_w(UW port) { return *(_UW *)port; }
Inline UH in_h(UW port) { return *(_UH *)port; }
Inline UB in_b(UW port) { return *(_UB *)port; }

#endif
