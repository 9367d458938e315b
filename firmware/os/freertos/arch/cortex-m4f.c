/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ARM_CM4F's tick wrapper and interrupt priority are the Cortex-M3 ones. */
#include "cortex-m3.c"
