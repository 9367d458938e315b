// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// Every task state change reaches the task's hardware slot: a task gets a slot when it is
// added to the kernel and gives it back when its TCB is deleted; entering a ready list makes
// its slot ready (at the back of its priority); leaving any state list (ready, delayed,
// suspended) makes it not ready and stops its counter; a priority change (vTaskPrioritySet,
// inheritance, disinheritance) updates the slot's priority.
@bind@
typedef TCB_t;
identifier tcb;
@@
 prvAddNewTaskToReadyList(TCB_t *tcb)
 {
+RTB_CD_BIND(tcb);
 ...
 }

@unbind@
typedef TCB_t;
identifier tcb;
@@
 prvDeleteTCB(TCB_t *tcb)
 {
+RTB_CD_UNBIND(tcb);
 ...
 }

@ready@
expression tcb;
@@
 prvAddTaskToReadyList(tcb);
+RTB_CD_READY(tcb);

@leave_counted@
expression tcb;
@@
-uxListRemove(&(tcb->xStateListItem))
+RTB_CD_LEAVE_LIST(tcb)

@leave_item@
expression tcb;
@@
+RTB_CD_LEAVE(tcb);
 listREMOVE_ITEM(&(tcb->xStateListItem));

@priority@
identifier fn != prvInitialiseNewTask;
expression tcb, value;
@@
 fn(...)
 {
 <...
 tcb->uxPriority = value;
+RTB_CD_PRIO(tcb);
 ...>
 }
