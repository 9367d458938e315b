/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX's tick for the rtbench RV32 port, called from the tick interrupt (after
 * _tx_thread_context_save): advances the clock, the running thread's time slice and the timer
 * wheel, and processes what expired (TX_TIMER_PROCESS_IN_ISR: here, in the interrupt).
 * A thread made ready here runs when _tx_thread_context_restore sees it. */
#include <stddef.h>

#include "tx_api.h"
#include "tx_thread.h"
#include "tx_timer.h"

#include "tx_port_rv32.h"

/* The assembly's view of TX_THREAD. */
_Static_assert(offsetof(TX_THREAD, tx_thread_run_count) == RTB_TX_THREAD_RUN_COUNT, "run count");
_Static_assert(offsetof(TX_THREAD, tx_thread_stack_ptr) == RTB_TX_THREAD_STACK_PTR, "stack pointer");
_Static_assert(offsetof(TX_THREAD, tx_thread_stack_end) == RTB_TX_THREAD_STACK_END, "stack end");
_Static_assert(offsetof(TX_THREAD, tx_thread_time_slice) == RTB_TX_THREAD_TIME_SLICE, "time slice");

VOID _tx_timer_interrupt(VOID);

VOID _tx_timer_interrupt(VOID)
{
    _tx_timer_system_clock++;
    if (_tx_timer_time_slice != 0u) {
        _tx_timer_time_slice--;
        if (_tx_timer_time_slice == 0u)
            _tx_timer_expired_time_slice = TX_TRUE;
    }
    /* The wheel's current slot holds the timers that expire on this tick; an empty slot
     * just moves the wheel on (expiration processing moves it past a full one). */
    if (*_tx_timer_current_ptr != TX_NULL) {
        _tx_timer_expired = TX_TRUE;
    } else {
        _tx_timer_current_ptr++;
        if (_tx_timer_current_ptr == _tx_timer_list_end)
            _tx_timer_current_ptr = _tx_timer_list_start;
    }
    if (_tx_timer_expired != TX_FALSE)
        _tx_timer_expiration_process();
    if (_tx_timer_expired_time_slice != TX_FALSE)
        _tx_thread_time_slice();
}
