/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs, matching the other kernels' default
 * profiles. A 100 Hz tick (ASP3's SysTick tick driver advancing its microsecond clock by
 * 10000 us per tick), NDEBUG (the kernel's assert()s compiled out), no trace log. ASP3 has no
 * time slicing and no stack checking to turn off. */
#define RTB_PROFILE_NAME "default"
#define RTB_ASP3_TICK_HZ 100u
