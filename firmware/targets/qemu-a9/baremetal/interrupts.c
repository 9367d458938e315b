/* The GIC and the two timers: the kernel tick from the private timer (PPI 29) and the
 * benchmark interrupt from the global timer's comparator (PPI 27). The comparator fires when
 * the global timer, the timestamp counter itself, reaches it: the comparator value is the
 * exact time the interrupt was raised. */
#include <stdint.h>

#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "vexpress.h"

static void gic_enable(uint32_t id, uint8_t priority)
{
    GICD(GICD_CTLR) = 1u;
    GICC(GICC_BPR) = 0u;
    GICC(GICC_CTLR) = 1u;
    GICD_IPRIORITYR_BYTE(id) = priority;
    GICD(GICD_ICPENDR(id / 32u)) = 1u << (id % 32u);
    GICD(GICD_ISENABLER(id / 32u)) = 1u << (id % 32u);
}

/* The lowest priority that still preempts a masked-out idle priority mask (0xFF). */
void rtb_target_tick_start(uint32_t tick_hz)
{
    PTIMER(PTIMER_CTRL) = 0u;
    PTIMER(PTIMER_STATUS) = 1u;
    PTIMER(PTIMER_LOAD) = PERIPHCLK_HZ / tick_hz - 1u;
    gic_enable(PTIMER_IRQ, RTB_A9_TICK_PRIORITY);
    PTIMER(PTIMER_CTRL) = PTIMER_CTRL_ENABLE | PTIMER_CTRL_AUTO_RELOAD | PTIMER_CTRL_IRQ_ENABLE;
}

void rtb_target_irq_setup(uint32_t priority)
{
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
    GTIMER(GTIMER_STATUS) = 1u;
    gic_enable(GTIMER_IRQ, (uint8_t)priority);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    uint32_t hi, lo;
    do {
        hi = GTIMER(GTIMER_COUNT_HI);
        lo = GTIMER(GTIMER_COUNT_LO);
    } while (hi != GTIMER(GTIMER_COUNT_HI));
    uint64_t fire = (((uint64_t)hi << 32) | lo) + delay_ts;
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
    GTIMER(GTIMER_CMP_LO) = (uint32_t)fire;
    GTIMER(GTIMER_CMP_HI) = (uint32_t)(fire >> 32);
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE | GTIMER_CTRL_CMP_ENABLE | GTIMER_CTRL_IRQ_ENABLE;
}

/* Called by the kernel port's interrupt entry with the acknowledged interrupt id; the entry
 * signals the end of the interrupt to the GIC itself. */
void rtb_target_interrupt_id(uint32_t id)
{
    uint32_t t_entry = rtb_target_ts();
    if (id == GTIMER_IRQ) {
        GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
        GTIMER(GTIMER_STATUS) = 1u;
        rtb_core_irq(GTIMER(GTIMER_CMP_LO), t_entry);
    } else if (id == PTIMER_IRQ) {
        PTIMER(PTIMER_STATUS) = 1u;
        rtb_os_tick_interrupt();
    }
}
