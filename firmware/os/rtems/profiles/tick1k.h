/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "tick1k": the default profile with a 1 kHz tick, as the 2012 study ran its kernels,
 * so that a 10 ms counting window holds ten ticks' work. The kernel's build is the default's. */
#include "default.h"
#undef RTB_PROFILE_NAME
#define RTB_PROFILE_NAME "tick1k"
#undef RTB_RTEMS_TICK_HZ
#define RTB_RTEMS_TICK_HZ 1000u
