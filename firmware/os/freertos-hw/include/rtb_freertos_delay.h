/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-hw: tasks sleep on the SoC's timer bank instead of the kernel's delayed list
 * (hw_timers.c). Replaces the freertos port's header of the same name. */
#ifndef RTB_FREERTOS_DELAY_H
#define RTB_FREERTOS_DELAY_H

void rtb_freertos_delay(TickType_t ticks);
void rtb_freertos_delay_until(TickType_t *last_wake, TickType_t period);
/* Disarms the timers a task about to be deleted still holds, so no expiry notifies it. */
void rtb_freertos_forget_task(TaskHandle_t handle);

#endif
