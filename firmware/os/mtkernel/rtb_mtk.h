/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the µT-Kernel port's files share: its tick, and the conversion of rtbench's ticks into
 * the kernel's milliseconds. */
#ifndef RTB_MTK_H
#define RTB_MTK_H

#include <tk/tkernel.h>

#include "rtb/os.h"

#define RTB_MTK_TICK_MS ((uint32_t)CNF_TIMER_PERIOD)
#define RTB_MTK_TICK_HZ (1000u / RTB_MTK_TICK_MS)

/* µT-Kernel counts a relative time from the next tick (it adds one TIMER_PERIOD, so that at
 * least that much time passes): a wait of n ticks, which on the other kernels ends at the n-th
 * tick from now, is (n - 1) periods here. One tick is not expressible (0 ms is a poll, or no
 * delay): it waits one millisecond, which ends at the second tick. */
static inline TMO rtb_mtk_tmo(uint32_t ticks)
{
    if (ticks == RTB_WAIT_FOREVER)
        return TMO_FEVR;
    if (ticks == 0u)
        return TMO_POL;
    if (ticks == 1u)
        return 1;
    return (TMO)((ticks - 1u) * RTB_MTK_TICK_MS);
}

#endif
