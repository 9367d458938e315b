// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// The tick steps the slots' counters as it advances the tick count (one store), and asks for
// a switch when the hardware's choice outranks the running task (an expiry woke a more urgent
// one): no software walks a list for the tasks the counters hold.
@@
symbol xTickCount;
identifier now, switch_required;
@@
 xTaskIncrementTick(...)
 {
 <...
 xTickCount = now;
+RTB_CD_TICK(switch_required);
 ...>
 return switch_required;
 }
