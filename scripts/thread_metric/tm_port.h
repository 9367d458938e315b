/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What each kernel's porting layer (tm_port_<kernel>.c) gives the target glue besides the
 * suite's API (tm_api.h). */
#ifndef TM_PORT_H
#define TM_PORT_H

#include <stdint.h>

/* Around the trap's handler: the kernel's interrupt prologue and epilogue (the epilogue
 * switches to a task the handler made ready). */
void tm_port_isr_enter(void);
void tm_port_isr_exit(void);
/* The priority the interrupt needs to call the kernel (rtbench's, so both run at one level). */
uint32_t tm_port_isr_priority(void);

/* Called by tm_thread_sleep: ends the run once the report thread slept TM_REPORTS + 1 times
 * (it has printed TM_REPORTS periods). */
void tm_port_count_sleep(void);
/* Printed once before the first test thread runs, for the log. */
const char *tm_port_kernel_name(void);

#endif
