/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX's FPU-aware Cortex-M4/M7 ports take the Cortex-M3 settings. */
#include "cortex-m3.h"
