/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX port definitions for 32-bit RISC-V (RV32I, machine mode only, GCC), written for
 * rtbench. ThreadX ships a RISC-V port for IAR only; this one is rtbench's own, built from
 * ThreadX's porting interface: the types and macros below, and the low-level functions in
 * tx_port_rv32.S and tx_timer_interrupt.c. Interrupts are masked with mstatus.MIE; the
 * port's trap handler serves them through _tx_thread_context_save/_restore. */
#ifndef TX_PORT_H
#define TX_PORT_H

#ifdef TX_INCLUDE_USER_DEFINE_FILE
#include "tx_user.h"
#endif

#include <string.h> /* memset, ThreadX's default TX_MEMSET */

#define VOID void
typedef char CHAR;
typedef unsigned char UCHAR;
typedef int INT;
typedef unsigned int UINT;
typedef long LONG;
typedef unsigned long ULONG;
typedef unsigned long long ULONG64;
typedef short SHORT;
typedef unsigned short USHORT;
#define ULONG64_DEFINED

#ifndef TX_MAX_PRIORITIES
#define TX_MAX_PRIORITIES 32
#endif

/* The smallest stack a thread may have: its initial frame (128 bytes) and a little C. */
#ifndef TX_MINIMUM_STACK
#define TX_MINIMUM_STACK 256
#endif

/* Used only without TX_TIMER_PROCESS_IN_ISR. */
#ifndef TX_TIMER_THREAD_STACK_SIZE
#define TX_TIMER_THREAD_STACK_SIZE 1024
#endif
#ifndef TX_TIMER_THREAD_PRIORITY
#define TX_TIMER_THREAD_PRIORITY 0
#endif

/* Postures for tx_interrupt_control: the mstatus.MIE bit. */
#define TX_INT_DISABLE 0x0u
#define TX_INT_ENABLE 0x8u

/* Event trace needs a free-running time source, which this port does not define. */
#if defined(TX_ENABLE_EVENT_TRACE) && !defined(TX_TRACE_TIME_SOURCE)
#error "the rtbench RISC-V ThreadX port has no trace time source: define TX_TRACE_TIME_SOURCE"
#endif
#ifndef TX_TRACE_TIME_MASK
#define TX_TRACE_TIME_MASK 0xFFFFFFFFUL
#endif

#define TX_PORT_SPECIFIC_BUILD_OPTIONS 0
#define TX_INLINE_INITIALIZATION

/* Stack checking needs the stacks filled with the pattern it checks. */
#ifdef TX_ENABLE_STACK_CHECKING
#undef TX_DISABLE_STACK_FILLING
#endif

/* No port-specific fields in the control blocks, and nothing to do on their life events. */
#define TX_THREAD_EXTENSION_0
#define TX_THREAD_EXTENSION_1
#define TX_THREAD_EXTENSION_2
#define TX_THREAD_EXTENSION_3
#define TX_BLOCK_POOL_EXTENSION
#define TX_BYTE_POOL_EXTENSION
#define TX_EVENT_FLAGS_GROUP_EXTENSION
#define TX_MUTEX_EXTENSION
#define TX_QUEUE_EXTENSION
#define TX_SEMAPHORE_EXTENSION
#define TX_TIMER_EXTENSION
#ifndef TX_THREAD_USER_EXTENSION
#define TX_THREAD_USER_EXTENSION
#endif
#define TX_THREAD_CREATE_EXTENSION(thread_ptr)
#define TX_THREAD_DELETE_EXTENSION(thread_ptr)
#define TX_THREAD_COMPLETED_EXTENSION(thread_ptr)
#define TX_THREAD_TERMINATED_EXTENSION(thread_ptr)
#define TX_BLOCK_POOL_CREATE_EXTENSION(pool_ptr)
#define TX_BYTE_POOL_CREATE_EXTENSION(pool_ptr)
#define TX_EVENT_FLAGS_GROUP_CREATE_EXTENSION(group_ptr)
#define TX_MUTEX_CREATE_EXTENSION(mutex_ptr)
#define TX_QUEUE_CREATE_EXTENSION(queue_ptr)
#define TX_SEMAPHORE_CREATE_EXTENSION(semaphore_ptr)
#define TX_TIMER_CREATE_EXTENSION(timer_ptr)
#define TX_BLOCK_POOL_DELETE_EXTENSION(pool_ptr)
#define TX_BYTE_POOL_DELETE_EXTENSION(pool_ptr)
#define TX_EVENT_FLAGS_GROUP_DELETE_EXTENSION(group_ptr)
#define TX_MUTEX_DELETE_EXTENSION(mutex_ptr)
#define TX_QUEUE_DELETE_EXTENSION(queue_ptr)
#define TX_SEMAPHORE_DELETE_EXTENSION(semaphore_ptr)
#define TX_TIMER_DELETE_EXTENSION(timer_ptr)

/* Critical sections: clear mstatus.MIE, and write the saved mstatus back. Nothing else in
 * mstatus changes inside one on a machine-mode-only core. */
#ifdef TX_DISABLE_INLINE
#define TX_INTERRUPT_SAVE_AREA UINT interrupt_save;
#define TX_DISABLE interrupt_save = _tx_thread_interrupt_control(TX_INT_DISABLE);
#define TX_RESTORE _tx_thread_interrupt_control(interrupt_save);
#else
static inline UINT rtb_tx_interrupts_off(void)
{
    UINT mstatus;
    __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(mstatus)::"memory");
    return mstatus;
}
static inline void rtb_tx_interrupts_restore(UINT mstatus)
{
    __asm__ volatile("csrw mstatus, %0" ::"r"(mstatus) : "memory");
}
#define TX_INTERRUPT_SAVE_AREA UINT interrupt_save;
#define TX_DISABLE interrupt_save = rtb_tx_interrupts_off();
#define TX_RESTORE rtb_tx_interrupts_restore(interrupt_save);
#endif

#endif
