/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II settings for Cortex-M3: 3 implemented priority bits; interrupts at levels 2..7
 * are kernel-aware (masked by BASEPRI in the kernel's critical sections), 0..1 are not. */
#define CPU_CFG_NVIC_PRIO_BITS 3u
#define CPU_CFG_KA_IPL_BOUNDARY 2u
