/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs, matching the other kernels' default profiles:
 * a 100 Hz tick. The rest of the fair configuration is the port's (rtb_rtems_config.c) and the
 * BSP options it builds RTEMS with (bsp.ini.in: no RTEMS_DEBUG). */
#define RTB_PROFILE_NAME "default"
#define RTB_RTEMS_TICK_HZ 100u
