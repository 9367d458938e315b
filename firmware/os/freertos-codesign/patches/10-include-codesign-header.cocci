// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// tasks.c includes rtbench's co-design macros (rtb_codesign_kernel.h) after its own headers,
// so the other patches can call them.
@@
@@
 #include "stack_macros.h"
+#include "rtb_codesign_kernel.h"
