/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M0's tick wrapper is the ARMv8-M ports' one (cortex-m33.c). */
#include "cortex-m33.c"
