/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "tick1k": the default profile with a 1 kHz nominal tick, as the other kernels' tick1k
 * profiles. ASP3 has no periodic tick to speed up: its timeouts and delays are counted in 1 ms
 * units of its microsecond clock, so a 10 ms counting window is ten of rtbench's ticks. */
#include "default.h"
#undef RTB_PROFILE_NAME
#define RTB_PROFILE_NAME "tick1k"
#undef RTB_ASP3_TICK_HZ
#define RTB_ASP3_TICK_HZ 1000u
