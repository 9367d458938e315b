/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The ARMv7-M port (its FPU code built in for a hard-float image) takes the Cortex-M3 settings. */
#include "cortex-m3.h"
