/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Tasks are pthreads, all on the CPU the target pinned the process to, at SCHED_FIFO
 * priorities: on one CPU, FIFO gives the preemption semantics of a single-core RTOS (the most
 * urgent ready task runs; equal priorities switch only when one yields or blocks).
 * POSIX has no task suspend/resume: the closest honest equivalent is a per-task semaphore the
 * task blocks on, posted by the resumer only if the task is suspended (a resume of a running
 * task is lost, as on FreeRTOS). Deleting a task cancels its thread at its next blocking call or
 * yield; one that does not end within a bound (blocked where POSIX cannot cancel, e.g. in a
 * mutex lock) is left parked, and its slot is not reused.
 * On an RTOS, creating a task never blocks the creator; pthread_create can (the kernel allocates
 * the thread), and a lower-priority task would then run before its siblings exist. So a new task
 * waits at a start gate until no creation is in progress, and stacks are static (already locked
 * and faulted in by the target's mlockall). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "posix_port.h"
#include "rtb/os.h"

#define MAX_TASKS 48u
#define DELETE_WAIT_NS 2000000000u

struct rtb_task {
    pthread_t thread;
    unsigned slot;
    rtb_task_fn fn;
    void *arg;
    sem_t wake;
    atomic_bool suspended;
    bool used;
};

static struct rtb_task tasks[MAX_TASKS];
static uint8_t stacks[MAX_TASKS][RTB_POSIX_STACK_BYTES] __attribute__((aligned(64)));
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local rtb_task *self;
static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_open = PTHREAD_COND_INITIALIZER;
static unsigned creating;

static void creation_begins(void)
{
    pthread_mutex_lock(&gate);
    creating++;
    pthread_mutex_unlock(&gate);
}

static void creation_ends(void)
{
    pthread_mutex_lock(&gate);
    if (--creating == 0u)
        pthread_cond_broadcast(&gate_open);
    pthread_mutex_unlock(&gate);
}

static void *trampoline(void *arg)
{
    self = arg;
    pthread_mutex_lock(&gate);
    while (creating)
        pthread_cond_wait(&gate_open, &gate);
    pthread_mutex_unlock(&gate);
    self->fn(self->arg);
    return NULL; /* task functions never return */
}

static rtb_task *claim_slot(void)
{
    rtb_task *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_TASKS && !found; i++)
        if (!tasks[i].used) {
            tasks[i].used = true;
            tasks[i].slot = i;
            found = &tasks[i];
        }
    pthread_mutex_unlock(&slots);
    return found;
}

static void release_slot(rtb_task *task)
{
    sem_destroy(&task->wake);
    pthread_mutex_lock(&slots);
    task->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    if (prio == 0u || prio > RTB_PRIO_MAX)
        return NULL;
    rtb_task *task = claim_slot();
    if (!task)
        return NULL;
    creation_begins();
    task->fn = fn;
    task->arg = arg;
    atomic_store(&task->suspended, false);
    sem_init(&task->wake, 0, 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, stacks[task->slot], RTB_POSIX_STACK_BYTES);
    if (rtb_posix_fifo_granted(NULL)) {
        struct sched_param param = {.sched_priority = RTB_POSIX_FIFO_BASE + (int)prio};
        pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        pthread_attr_setschedparam(&attr, &param);
    }
    int failed = pthread_create(&task->thread, &attr, trampoline, task);
    pthread_attr_destroy(&attr);
    if (failed) {
        creation_ends();
        release_slot(task);
        return NULL;
    }
    char short_name[16];
    snprintf(short_name, sizeof short_name, "%s", name);
    pthread_setname_np(task->thread, short_name);
    creation_ends();
    return task;
}

/* No thread created but not started (rtb_os_service_unsupported says why). */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    (void)fn;
    (void)arg;
    (void)prio;
    return NULL;
}

rtb_err rtb_os_task_start(rtb_task *task)
{
    (void)task;
    return RTB_UNSUPPORTED;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* SCHED_FIFO shares priorities: a failed creation means no room or no memory */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (!task || !task->used || task == self)
        return;
    /* Cancellation needs the thread to run: lift it to the deleter's priority, or a busy task
     * above it would keep it from ever reaching its cancellation point. */
    int policy;
    struct sched_param mine;
    if (rtb_posix_fifo_granted(NULL) && pthread_getschedparam(pthread_self(), &policy, &mine) == 0 &&
        policy == SCHED_FIFO)
        pthread_setschedparam(task->thread, SCHED_FIFO, &mine);
    pthread_cancel(task->thread);
    struct timespec deadline = rtb_posix_timespec(rtb_posix_now_ns(CLOCK_MONOTONIC) + DELETE_WAIT_NS);
    if (pthread_clockjoin_np(task->thread, NULL, CLOCK_MONOTONIC, &deadline) == 0) {
        release_slot(task);
        return;
    }
    fprintf(stderr, "rtbench posix port: a deleted task did not end (blocked where it cannot be "
                    "cancelled); it stays parked\n");
    pthread_detach(task->thread);
}

/* The thread ends; the creator's rtb_os_task_delete joins it and gives its slot back. */
_Noreturn void rtb_os_task_exit(void) { pthread_exit(NULL); }

void rtb_os_task_yield(void)
{
    sched_yield();
    pthread_testcancel(); /* a task that only yields must still be deletable */
}

rtb_err rtb_os_task_suspend_self(void)
{
    if (!self)
        return RTB_ERROR;
    atomic_store(&self->suspended, true);
    while (sem_wait(&self->wake) != 0 && errno == EINTR) {
    }
    return RTB_OK;
}

/* POSIX cannot stop another thread where it is (there is no pthread_suspend). */
rtb_err rtb_os_task_suspend(rtb_task *task)
{
    (void)task;
    return RTB_UNSUPPORTED;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    if (!task || !task->used)
        return RTB_ERROR;
    if (atomic_exchange(&task->suspended, false))
        sem_post(&task->wake);
    return RTB_OK;
}

/* From the interrupt's handler thread: the same post (sem_post is async-signal-safe); the kernel
 * switches to the task once the handler thread blocks again. */
rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = false;
    if (!task || !task->used || !atomic_exchange(&task->suspended, false))
        return RTB_ERROR;
    return sem_post(&task->wake) == 0 ? RTB_OK : RTB_ERROR;
}

void rtb_os_delay_ticks(uint32_t ticks)
{
    struct timespec wake = rtb_posix_deadline(CLOCK_MONOTONIC, ticks);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL) == EINTR) {
    }
}

uint32_t rtb_os_tick_hz(void) { return RTB_POSIX_TICK_HZ; }

uint32_t rtb_os_tick_count(void)
{
    return (uint32_t)(rtb_posix_now_ns(CLOCK_MONOTONIC) / (1000000000u / RTB_POSIX_TICK_HZ));
}

const char *rtb_os_tick_unobservable(void)
{
    return "Linux gives a process no hook into its timer interrupt (and is tickless when idle): "
           "no tick to time on the posix port";
}

const char *rtb_os_sched_unobservable(void)
{
    return "Linux chooses the next thread inside its own scheduler, which gives a process no hook "
           "around that choice: no switch decision to time on the posix port";
}

uint32_t rtb_os_isr_priority(void) { return rtb_posix_fifo_granted(NULL) ? RTB_POSIX_FIFO_ISR : 0u; }

/* The kernel preempts for the woken task by itself when the handler thread blocks again. */
void rtb_os_isr_exit(bool switch_needed) { (void)switch_needed; }

/* Ends only by cancellation, in pause(): _Noreturn says so (a thread start returns void *). */
static _Noreturn void *parked(void *arg)
{
    (void)arg;
    for (;;)
        pause();
}

/* glibc loads libgcc_s (the unwinder cancellation needs) on the first pthread_cancel: that file
 * I/O must happen now, not when the first benchmark reclaims its tasks, where the runner would
 * sleep in it and let a task it was about to delete run on. */
static void load_cancellation(void)
{
    pthread_t thread;
    if (pthread_create(&thread, NULL, parked, NULL) == 0) {
        pthread_cancel(thread);
        pthread_join(thread, NULL);
    }
}

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    load_cancellation();
    rtb_posix_fifo_granted(NULL);
    if (!rtb_os_task_create("runner", first, arg, RTB_PRIO_RUNNER)) {
        fprintf(stderr, "rtbench posix port: could not create the runner thread\n");
        _exit(2);
    }
    for (;;)
        pause(); /* the runner ends the process */
}
