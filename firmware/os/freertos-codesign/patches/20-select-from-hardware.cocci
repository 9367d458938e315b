// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// vTaskSwitchContext takes the next task's TCB from the hardware's `top_tcb` instead of
// searching the ready lists (RTB_CD_SELECT, rtb_codesign_kernel.h).
@@
@@
 vTaskSwitchContext(...)
 {
 <...
-taskSELECT_HIGHEST_PRIORITY_TASK();
+RTB_CD_SELECT();
 ...>
 }
