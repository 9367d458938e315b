/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Task suspension on kernels of the µITRON lineage (TOPPERS/ASP3, µT-Kernel), whose call that
 * suspends another task refuses the caller itself: a task suspends itself by sleeping until woken
 * (slp_tsk / tk_slp_tsk), and the wake-up, which an interrupt may send (unlike the resume call),
 * resumes it; a resume undoes whichever of the two suspended the task.
 * Included once by such a port's rtb_os_<kernel>.c, after its struct rtb_task (with `id` and
 * `volatile bool parked, suspended`) and these macros, each true when the kernel's call succeeded:
 *   RTB_PARK_SELF()                  the calling task's struct rtb_task *, or NULL
 *   RTB_PARK_SLEEP()                 sleep until woken
 *   RTB_PARK_WAKE(id)                wake a sleeping task (from a task or an interrupt)
 *   RTB_PARK_SUSPEND(id), RTB_PARK_RESUME(id)   suspend / resume another task
 * It defines the port's rtb_os_task_suspend_self, _suspend, _resume and _resume_from_isr. */
#ifndef RTB_PORT_PARK_H
#define RTB_PORT_PARK_H

rtb_err rtb_os_task_suspend_self(void)
{
    struct rtb_task *self = RTB_PARK_SELF();
    if (!self)
        return RTB_ERROR;
    self->parked = true;
    bool woken = RTB_PARK_SLEEP();
    self->parked = false;
    return woken ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    if (!RTB_PARK_SUSPEND(task->id))
        return RTB_ERROR;
    task->suspended = true;
    return RTB_OK;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    if (task->suspended) {
        task->suspended = false;
        return RTB_PARK_RESUME(task->id) ? RTB_OK : RTB_ERROR;
    }
    if (!task->parked)
        return RTB_ERROR;
    return RTB_PARK_WAKE(task->id) ? RTB_OK : RTB_ERROR;
}

/* The kernel's interrupt exit dispatches (PendSV) when the wake-up readied a more urgent task. */
rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = false;
    if (!task->parked)
        return RTB_ERROR;
    return RTB_PARK_WAKE(task->id) ? RTB_OK : RTB_ERROR;
}

#endif
