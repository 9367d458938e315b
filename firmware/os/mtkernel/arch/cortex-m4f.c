/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3's tick wrapper and interrupt priority serve here too. */
#include "cortex-m3.c"
