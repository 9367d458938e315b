/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Counting semaphores: POSIX unnamed semaphores (futex-based; waiters wake in priority order
 * under SCHED_FIFO). POSIX semaphores have no maximum: the port checks the count before a give
 * to honour the API's `max` (not atomic with the post; the benchmarks give from one task). */
#include <errno.h>
#include <pthread.h>
#include <limits.h>
#include <semaphore.h>
#include <stdbool.h>

#include "posix_port.h"
#include "rtb/os.h"

#define MAX_SEMS 32u

struct rtb_sem {
    sem_t sem;
    uint32_t max;
    bool used;
};

static struct rtb_sem sems[MAX_SEMS];
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    if (max == 0u || initial > max || max > SEM_VALUE_MAX)
        return NULL;
    rtb_sem *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_SEMS && !found; i++)
        if (!sems[i].used && sem_init(&sems[i].sem, 0, initial) == 0) {
            sems[i].used = true;
            sems[i].max = max;
            found = &sems[i];
        }
    pthread_mutex_unlock(&slots);
    return found;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (!sem || !sem->used)
        return;
    sem_destroy(&sem->sem);
    pthread_mutex_lock(&slots);
    sem->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    int result;
    if (timeout == RTB_NO_WAIT) {
        result = sem_trywait(&sem->sem);
        return result == 0 ? RTB_OK : errno == EAGAIN ? RTB_TIMEOUT : RTB_ERROR;
    }
    if (timeout == RTB_WAIT_FOREVER) {
        while ((result = sem_wait(&sem->sem)) != 0 && errno == EINTR) {
        }
        return result == 0 ? RTB_OK : RTB_ERROR;
    }
    struct timespec deadline = rtb_posix_deadline(CLOCK_MONOTONIC, timeout);
    while ((result = sem_clockwait(&sem->sem, CLOCK_MONOTONIC, &deadline)) != 0 && errno == EINTR) {
    }
    return result == 0 ? RTB_OK : errno == ETIMEDOUT ? RTB_TIMEOUT : RTB_ERROR;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    int value = 0;
    sem_getvalue(&sem->sem, &value);
    if ((uint32_t)value >= sem->max)
        return RTB_FULL;
    return sem_post(&sem->sem) == 0 ? RTB_OK : RTB_ERROR;
}

/* sem_post is async-signal-safe; the kernel itself preempts for a more urgent waiter. */
rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    *switch_needed = false;
    return rtb_os_sem_give(sem);
}

/* Futex waiters wake in priority order under SCHED_FIFO, and so do message-queue waiters. */
const char *rtb_os_wake_order_fifo(void) { return NULL; }

rtb_err rtb_os_sem_prioritize(rtb_sem *sem)
{
    (void)sem;
    return RTB_OK;
}
