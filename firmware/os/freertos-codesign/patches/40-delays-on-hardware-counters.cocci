// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// A task that blocks for a bounded time (a delay, or a wait on an object with a timeout) sleeps
// on its slot's hardware counter, on an unsorted list of rtbench's own, instead of being sorted
// into the delayed list (RTB_CD_DELAY_CURRENT falls back to the kernel for waits the counter
// cannot hold).
@@
expression ticks, forever;
@@
-prvAddCurrentTaskToDelayedList(ticks, forever);
+RTB_CD_DELAY_CURRENT(ticks, forever);
