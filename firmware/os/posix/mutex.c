/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Mutexes: pthread mutexes with PTHREAD_PRIO_INHERIT, which Linux implements with PI futexes
 * (rt_mutex): a blocked SCHED_FIFO waiter lends its priority to the owner. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>

#include "posix_port.h"
#include "rtb/os.h"

#define MAX_MUTEXES 16u

struct rtb_mutex {
    pthread_mutex_t mutex;
    bool used;
};

static struct rtb_mutex mutexes[MAX_MUTEXES];
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;

static rtb_mutex *create(int type)
{
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    if (pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT) != 0 || pthread_mutexattr_settype(&attr, type) != 0) {
        pthread_mutexattr_destroy(&attr);
        return NULL;
    }
    rtb_mutex *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_MUTEXES && !found; i++)
        if (!mutexes[i].used && pthread_mutex_init(&mutexes[i].mutex, &attr) == 0) {
            mutexes[i].used = true;
            found = &mutexes[i];
        }
    pthread_mutex_unlock(&slots);
    pthread_mutexattr_destroy(&attr);
    return found;
}

rtb_mutex *rtb_os_mutex_create(void) { return create(PTHREAD_MUTEX_DEFAULT); }

rtb_mutex *rtb_os_mutex_create_recursive(void) { return create(PTHREAD_MUTEX_RECURSIVE); }

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (!mutex || !mutex->used)
        return;
    pthread_mutex_destroy(&mutex->mutex);
    pthread_mutex_lock(&slots);
    mutex->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    int failed;
    if (timeout == RTB_NO_WAIT) {
        failed = pthread_mutex_trylock(&mutex->mutex);
    } else if (timeout == RTB_WAIT_FOREVER) {
        failed = pthread_mutex_lock(&mutex->mutex);
    } else {
        struct timespec deadline = rtb_posix_deadline(CLOCK_MONOTONIC, timeout);
        failed = pthread_mutex_clocklock(&mutex->mutex, CLOCK_MONOTONIC, &deadline);
    }
    if (!failed)
        return RTB_OK;
    return failed == EBUSY || failed == ETIMEDOUT ? RTB_TIMEOUT : RTB_ERROR;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return pthread_mutex_unlock(&mutex->mutex) == 0 ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout) { return rtb_os_mutex_lock(mutex, timeout); }

rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex) { return rtb_os_mutex_unlock(mutex); }
