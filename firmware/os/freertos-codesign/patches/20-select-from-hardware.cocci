// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// vTaskSwitchContext takes the next task's TCB from the hardware's `select` read instead of
// searching the ready lists (RTB_CD_SELECT, rtb_codesign_kernel.h); the hardware learns the
// first task to run when the scheduler starts, so that its round robin starts in step.
@@
@@
 vTaskSwitchContext(...)
 {
 <...
-taskSELECT_HIGHEST_PRIORITY_TASK();
+RTB_CD_SELECT();
 ...>
 }

@@
symbol xSchedulerRunning, pdTRUE;
@@
 vTaskStartScheduler(...)
 {
 <...
 xSchedulerRunning = pdTRUE;
+RTB_CD_RUNNING(pxCurrentTCB);
 ...>
 }
