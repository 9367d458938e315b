/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The FPU benchmarks' question to the port, for every port that has nothing to say (rtb/fpu.h). */
#include <stddef.h>

#include "rtb/fpu.h"

__attribute__((weak)) const char *rtb_os_fpu_unsupported(void) { return NULL; }
