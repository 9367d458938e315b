/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#include "tk/sysdepend/cpu/core/armv7m/cpudef.h"
