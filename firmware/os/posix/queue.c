/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Message queues: POSIX message queues (mq_*), the kernel's own copy-in/copy-out queue. Each
 * queue has two descriptors, one non-blocking for RTB_NO_WAIT and one blocking, and its name is
 * unlinked at once (the queue lives as long as its descriptors). POSIX gives mq timeouts on
 * CLOCK_REALTIME only. */
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "posix_port.h"
#include "rtb/os.h"

#define MAX_QUEUES 8u

struct rtb_queue {
    mqd_t polling, blocking;
    size_t item_size;
    bool used;
};

static struct rtb_queue queues[MAX_QUEUES];
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;
static unsigned created;

static bool open_pair(rtb_queue *queue, size_t item_size, size_t depth)
{
    char name[64];
    snprintf(name, sizeof name, "/rtbench-%ld-%u", (long)getpid(), created++);
    struct mq_attr attr = {.mq_maxmsg = (long)depth, .mq_msgsize = (long)item_size};
    queue->polling = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &attr);
    if (queue->polling == (mqd_t)-1)
        return false;
    queue->blocking = mq_open(name, O_RDWR);
    mq_unlink(name);
    if (queue->blocking == (mqd_t)-1) {
        mq_close(queue->polling);
        return false;
    }
    queue->item_size = item_size;
    return true;
}

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (item_size == 0u || item_size > RTB_QUEUE_MAX_ITEM || depth == 0u || depth > RTB_QUEUE_MAX_DEPTH)
        return NULL;
    rtb_queue *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_QUEUES && !found; i++)
        if (!queues[i].used && open_pair(&queues[i], item_size, depth)) {
            queues[i].used = true;
            found = &queues[i];
        }
    pthread_mutex_unlock(&slots);
    return found;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (!queue || !queue->used)
        return;
    mq_close(queue->polling);
    mq_close(queue->blocking);
    pthread_mutex_lock(&slots);
    queue->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    int result;
    if (timeout == RTB_NO_WAIT) {
        result = mq_send(queue->polling, item, queue->item_size, 0);
        return result == 0 ? RTB_OK : errno == EAGAIN ? RTB_FULL : RTB_ERROR;
    }
    if (timeout == RTB_WAIT_FOREVER) {
        while ((result = mq_send(queue->blocking, item, queue->item_size, 0)) != 0 && errno == EINTR) {
        }
        return result == 0 ? RTB_OK : RTB_ERROR;
    }
    struct timespec deadline = rtb_posix_deadline(CLOCK_REALTIME, timeout);
    while ((result = mq_timedsend(queue->blocking, item, queue->item_size, 0, &deadline)) != 0 && errno == EINTR) {
    }
    return result == 0 ? RTB_OK : errno == ETIMEDOUT ? RTB_FULL : RTB_ERROR;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    ssize_t got;
    if (timeout == RTB_NO_WAIT) {
        got = mq_receive(queue->polling, item, queue->item_size, NULL);
        return got >= 0 ? RTB_OK : errno == EAGAIN ? RTB_TIMEOUT : RTB_ERROR;
    }
    if (timeout == RTB_WAIT_FOREVER) {
        while ((got = mq_receive(queue->blocking, item, queue->item_size, NULL)) < 0 && errno == EINTR) {
        }
        return got >= 0 ? RTB_OK : RTB_ERROR;
    }
    struct timespec deadline = rtb_posix_deadline(CLOCK_REALTIME, timeout);
    while ((got = mq_timedreceive(queue->blocking, item, queue->item_size, NULL, &deadline)) < 0 && errno == EINTR) {
    }
    return got >= 0 ? RTB_OK : errno == ETIMEDOUT ? RTB_TIMEOUT : RTB_ERROR;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    (void)item_size;
    return "POSIX message queue: mq_send/mq_receive copy the item into and out of the kernel (a system call each)";
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    (void)queue;
    return RTB_OK;
}

/* POSIX message queues copy: a pointer travels as its bytes. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return rtb_os_queue_send(queue, &ptr, timeout);
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    return rtb_os_queue_recv(queue, ptr, timeout);
}
