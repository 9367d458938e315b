/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The SoC's interrupts: timer0 drives the kernel tick; the irq_timer is the benchmark
 * interrupt; uart_bench is the benchmark UART. The irq_timer and uart_bench latch the cycle
 * count at which they fired, so the latency the handler reports is exact in the timestamp's own
 * time base. */
#include <stdint.h>

#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/uart.h"
#include "soc_io.h"

#if defined(RTB_TS_INSTRET)
/* Instructions share no time base with the interrupt timer: the interval starts at the handler. */
#define FIRED_AT(t_entry) (t_entry)
#define UART_FIRED_AT(t_entry) (t_entry)
#else
#define FIRED_AT(t_entry) REG32(RTB_CSR_IRQ_TIMER_FIRED_AT)
#define UART_FIRED_AT(t_entry) REG32(RTB_CSR_UART_BENCH_FIRED_AT)
#endif

void rtb_target_tick_start(uint32_t tick_hz)
{
    uint32_t period = RTB_SOC_CLOCK_HZ / tick_hz;
    REG32(RTB_CSR_TIMER0_EN) = 0u;
    REG32(RTB_CSR_TIMER0_LOAD) = period;
    REG32(RTB_CSR_TIMER0_RELOAD) = period;
    REG32(RTB_CSR_TIMER0_EV_PENDING) = 1u;
    REG32(RTB_CSR_TIMER0_EV_ENABLE) = 1u;
    REG32(RTB_CSR_TIMER0_EN) = 1u;
    csr_set(CSR_IRQ_MASK, RTB_IRQ_BIT(RTB_IRQ_TIMER0));
    csr_set("mie", MIE_MEIE);
}

void rtb_target_irq_setup(uint32_t priority)
{
    (void)priority; /* one interrupt level on this CPU */
    REG32(RTB_CSR_IRQ_TIMER_EV_PENDING) = 1u;
    REG32(RTB_CSR_IRQ_TIMER_EV_ENABLE) = 1u;
    csr_set(CSR_IRQ_MASK, RTB_IRQ_BIT(RTB_IRQ_IRQ_TIMER));
    csr_set("mie", MIE_MEIE);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    /* The delay is in cycles whatever the timestamps count (RTB_TS_HZ is the clock). Writing
     * arms the timer: once only, or an interrupt taken at the store (Minerva) arms it again
     * after the first firing, and a compare value in the past fires at once. */
    REG32_STORE_ONCE(RTB_CSR_IRQ_TIMER_COMPARE, REG32(RTB_CSR_CYCLES_VALUE) + delay_ts);
}

/* The timers' paths run exactly the instructions they ran before the UART was added, so their
 * benchmarks' cycles stay comparable: the UART is served only when neither timer is pending (a
 * timer pending with it is served first, the UART on the next trap). */
void rtb_target_interrupt(void)
{
    uint32_t t_entry = rtb_target_ts();
#if defined(RTB_CPU_HAZARD3)
    csr_write(CSR_MEICONTEXT, 0u); /* one interrupt level (rtb_riscv_csr.h) */
#endif
    uint32_t pending = csr_read(CSR_IRQ_PENDING) & csr_read(CSR_IRQ_MASK);
    if (pending & RTB_IRQ_BIT(RTB_IRQ_IRQ_TIMER)) {
        REG32(RTB_CSR_IRQ_TIMER_EV_PENDING) = 1u;
        uint32_t fired_at = FIRED_AT(t_entry);
        /* One trap entry serves every source: a trap taken for the tick can find the benchmark
         * timer fired after its entry. It is timed from when the handler saw it pending: the
         * entry's timestamp would make its latency negative. */
        if ((int32_t)(t_entry - fired_at) < 0)
            t_entry = rtb_target_ts();
        rtb_core_irq(fired_at, t_entry);
        if (pending & RTB_IRQ_BIT(RTB_IRQ_TIMER0))
            goto tick;
        return;
    }
    if (pending & RTB_IRQ_BIT(RTB_IRQ_TIMER0)) {
    tick:
        REG32(RTB_CSR_TIMER0_EV_PENDING) = 1u;
        rtb_os_tick_interrupt();
        return;
    }
    if (pending & RTB_IRQ_BIT(RTB_IRQ_UART_BENCH)) {
        REG32(RTB_CSR_UART_BENCH_EV_PENDING) = 1u;
        rtb_core_uart(UART_FIRED_AT(t_entry), t_entry);
    }
}
