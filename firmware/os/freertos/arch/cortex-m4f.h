/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ARM_CM4F (lazy FPU stacking) takes the Cortex-M3 settings: same priority bits and handlers. */
#include "cortex-m3.h"
