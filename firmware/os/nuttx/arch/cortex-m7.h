/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M7 (mps2-an500) is attached as the Cortex-M4F is: the same NVIC, the same board. */
#include "cortex-m4f.h"
