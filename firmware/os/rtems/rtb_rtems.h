/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the RTEMS port's files share: the task storage every task gets (its configuration,
 * rtb_rtems_config.c, tells the kernel the same sizes), and the calls between the files. */
#ifndef RTB_RTEMS_H
#define RTB_RTEMS_H

#include <rtems.h>

#include "rtb_port_limits.h"

/* Each task's stack: the other kernels' (RTB_PORT_TASK_STACK_WORDS), which RTEMS is configured to
 * accept as its minimum (its own default is 4 KiB on Arm). */
#define RTB_RTEMS_STACK_BYTES (RTB_PORT_TASK_STACK_WORDS * 4u)
/* Room for the C library's thread-local variables (errno...), which RTEMS places in the task's
 * storage beside its stack. */
#define RTB_RTEMS_TLS_BYTES 256u
#define RTB_RTEMS_TASK_STORAGE_BYTES RTEMS_TASK_STORAGE_SIZE(RTB_RTEMS_STACK_BYTES + RTB_RTEMS_TLS_BYTES, 0)
/* Rate-monotonic periods: one per task that runs periodically at a time. */
#define RTB_RTEMS_MAX_PERIODS 8u

/* arch/<arch>.c: attaches the target's interrupts to RTEMS's interrupt dispatch. */
void rtb_rtems_arch_attach(void);
/* rtb_rtems_periods.c: deletes the periods a task owns, before it goes. */
void rtb_rtems_periods_release(rtems_id owner);
/* rtb_rtems_config.c: what the configuration gives the kernel, for the manifest. */
void rtb_rtems_describe_build(void (*emit)(const char *key, const char *value));

#endif
