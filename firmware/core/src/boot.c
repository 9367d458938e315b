/* Boot-time marks: reset -> main (C run-time start-up) plus kernel start -> first task. */
#include "boot.h"

#include "rtb/bench.h"
#include "run.h"

static uint32_t t_main, t_kernel, t_first;

void rtb_boot_main_entered(uint32_t now) { t_main = now; }

void rtb_boot_kernel_starting(uint32_t now) { t_kernel = now; }

void rtb_boot_first_task(void) { t_first = rtb_now(); }

uint32_t rtb_boot_span(void)
{
#ifdef RTB_TARGET_NO_RESET
    rtb_run_unsupported_now(RTB_TARGET_NO_RESET);
    return 0;
#else
    return (t_main - rtb_target_reset_ts()) + (t_first - t_kernel);
#endif
}
