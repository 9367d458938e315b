/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "debug": "default" plus ThreadX's API error checking (the _txe_ layer) and its
 * stack checking (stacks filled at creation, checked at every switch), to show what those
 * checks cost. The event trace needs a buffer and a host tool, so it stays off. */
#define RTB_PROFILE_NAME "debug"
#define TX_TIMER_TICKS_PER_SECOND 100UL
#define TX_ENABLE_STACK_CHECKING
#define TX_DISABLE_PREEMPTION_THRESHOLD
