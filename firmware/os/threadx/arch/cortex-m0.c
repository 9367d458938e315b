/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3's low-level initialisation, tick wrapper and interrupt priority serve the M0:
 * its register writes are all word-sized, as ARMv6-M requires. */
#include "cortex-m3.c"
