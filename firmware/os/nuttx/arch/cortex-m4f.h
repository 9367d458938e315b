/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* NuttX on the ARMv7-M MPS2 machines (Cortex-M4F: mps2-an386, Cortex-M7: mps2-an500). */
#ifndef RTB_NUTTX_ARCH_H
#define RTB_NUTTX_ARCH_H

/* Attaches the target's benchmark interrupts to NuttX's dispatcher (from the init task). */
void rtb_nuttx_arch_attach(void);

#endif
