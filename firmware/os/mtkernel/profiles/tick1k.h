/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "tick1k": the default profile with a 1 kHz tick (a 1 ms system timer period), as the
 * other kernels' tick1k profiles and the 2012 study's counting windows. */
#include "default.h"
#undef RTB_PROFILE_NAME
#define RTB_PROFILE_NAME "tick1k"
#undef RTB_MTK_TIMER_PERIOD_MS
#define RTB_MTK_TIMER_PERIOD_MS 1
