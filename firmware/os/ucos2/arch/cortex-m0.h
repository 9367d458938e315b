/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II settings for the Cortex-M0 (ARMv6-M port): 2 implemented priority bits; the port's
 * critical sections mask every interrupt (no BASEPRI), the tick at level 1, the benchmark
 * interrupt one level below it. */
#define CPU_CFG_NVIC_PRIO_BITS 2u
#define CPU_CFG_KA_IPL_BOUNDARY 1u
