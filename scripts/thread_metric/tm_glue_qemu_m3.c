/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The target side of the verification images: start-up into the suite's tm_main, the trap's
 * interrupt (timer1's line, pended by TM_CAUSE_INTERRUPT) calling the test's handler, the
 * console printf, and the end of the run. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "rtb/target.h"
#include "tm_api.h"
#include "tm_port.h"

#define NVIC_ISER0 (*(volatile uint32_t *)0xE000E100u)
#define NVIC_IPR_BYTE(irq) (*(volatile uint8_t *)(0xE000E400u + (irq)))

void tm_main(void);
void tm_interrupt_handler(void);
void tm_interrupt_preemption_handler(void);

#if defined(TM_TEST_interrupt_processing)
#define TM_HANDLER tm_interrupt_handler
#elif defined(TM_TEST_interrupt_preemption_processing)
#define TM_HANDLER tm_interrupt_preemption_handler
#endif

_Noreturn void rtb_main(void)
{
    rtb_target_init();
    NVIC_IPR_BYTE(TM_IRQ_LINE) = (uint8_t)tm_port_isr_priority();
    NVIC_ISER0 = 1u << TM_IRQ_LINE;
    tm_printf("tm-verify: %s\n", tm_port_kernel_name());
    tm_main();
    rtb_target_exit(3); /* tm_initialize starts the kernel and never returns */
}

void BenchTimer_Handler(void)
{
#ifdef TM_HANDLER
    tm_port_isr_enter();
    TM_HANDLER();
    tm_port_isr_exit();
#else
    tm_printf("ERROR: unexpected interrupt\n");
    rtb_target_exit(4);
#endif
}

void BenchUart_Handler(void)
{
    tm_printf("ERROR: unexpected interrupt\n");
    rtb_target_exit(4);
}

static unsigned long sleeps;

void tm_port_count_sleep(void)
{
    if (++sleeps > TM_REPORTS) {
        tm_printf("tm-verify: done\n");
        rtb_target_exit(0);
    }
}

/* Enough printf for the suite's reports: text, %lu, %d, %s. */
int tm_printf(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int written = 0;
    for (const char *p = format; *p; p++) {
        bool is_long = *p == '%' && p[1] == 'l' && p[2] == 'u';
        if (is_long || (*p == '%' && p[1] == 'd')) {
            char digits[24];
            /* The suite prints unsigned counters with %d too: shown as unsigned. */
            unsigned long value = is_long ? va_arg(args, unsigned long) : (unsigned)va_arg(args, int);
            size_t n = 0;
            do {
                digits[sizeof digits - 1u - n++] = (char)('0' + value % 10u);
                value /= 10u;
            } while (value);
            rtb_target_write(&digits[sizeof digits - n], n);
            written += (int)n;
            p += is_long ? 2 : 1;
        } else if (*p == '%' && p[1] == 's') {
            const char *text = va_arg(args, const char *);
            rtb_target_write(text, strlen(text));
            written += (int)strlen(text);
            p += 1;
        } else {
            rtb_target_write(p, 1);
            written++;
        }
    }
    va_end(args);
    return written;
}
