/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The kernel's sysdepend.h for the MPS2 boards: the ARMv7-M core's (kernel/sysdepend/cpu/core/armv7m). */
#include "cpu/core/armv7m/sysdepend.h"
