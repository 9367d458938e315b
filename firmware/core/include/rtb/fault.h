/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reporting a processor fault from the target's fault handler. */
#ifndef RTB_FAULT_H
#define RTB_FAULT_H

#include <stdint.h>

#include "rtb/noreturn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *kind;
    uint32_t pc, lr, psr;
    uint32_t cfsr, hfsr, mmfar, bfar;
} rtb_fault_info;

RTB_NORETURN void rtb_core_fault(const rtb_fault_info *info);

#ifdef __cplusplus
}
#endif

#endif
