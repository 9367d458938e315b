/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3's tick wrapper, tick set-up and interrupt priority serve the M0. */
#include "cortex-m3.c"
