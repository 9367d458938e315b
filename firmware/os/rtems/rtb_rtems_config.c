/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench as an RTEMS application: its configuration (confdefs.h). The kernel's object tables
 * hold the port's budget (rtb_port_limits.h, as every kernel gets), every task brings its own
 * storage (rtems_task_construct, rtb_rtems.h's sizes), and the profile sets the tick. The fair
 * configuration: the Deterministic Priority Scheduler (RTEMS's default for one processor), no
 * time slicing, the clock driver, no console driver or file system (rtbench writes to the UART
 * itself and opens no file), no per-task C library state (newlib reentrancy: rtbench's tasks
 * share the C library as the other kernels' do), and an idle task that spins: RTEMS's own idles
 * in WFI, whose wake-up QEMU's -icount with sleep=off delays (docs/porting.md). The
 * initialisation task, the most urgent, calls rtbench's entry. */
#include <rtems.h>
#include <rtems/linkersets.h>
#include <rtems/sysinit.h>

#include "rtb/bench.h"
#include "rtb/boot.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_rtems.h"
#include RTB_PROFILE_HEADER

void rtb_rtems_fatal(rtems_fatal_source source, bool always_false, rtems_fatal_code code);

/* The first step of RTEMS's initialisation, where the board support's start-up (the C run-time's:
 * .data, .bss, the MMU's tables) has ended: boot_time's c_runtime ends, its kernel_init begins. */
static void runtime_done(void) { rtb_boot_runtime_done(rtb_target_ts()); }
RTEMS_SYSINIT_ITEM(runtime_done, RTEMS_SYSINIT_RECORD, RTEMS_SYSINIT_ORDER_FIRST);

/* The benchmark registry's bounds (os.cmake names them __start_/__stop_rtb_benches). */
RTEMS_LINKER_ROSET(rtb_benches, rtb_bench);

static rtems_task rtb_rtems_init(rtems_task_argument argument)
{
    (void)argument;
    rtb_main();
}

static void *rtb_rtems_idle(uintptr_t ignored)
{
    (void)ignored;
    for (;;) {
    }
    return NULL; /* never reached: C's -Wreturn-type wants a return in a function with a value */
}

/* rtbench's entry needs more than a task's stack: its options, the image's description. */
#define INIT_TASK_STACK_BYTES 8192u

void rtb_rtems_describe_build(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN];
    emit("config.rtems_bsp_options", "RTEMS_DEBUG off, RTEMS_SMP off, RTEMS_POSIX_API off, RTEMS_PROFILING off, "
                                     "CLOCK_DRIVER_USE_FAST_IDLE off (os/rtems/bsp.ini.in)");
    emit("config.idle", "a spinning idle task (CONFIGURE_IDLE_TASK_BODY), not RTEMS's WFI");
    emit("config.newlib_reentrancy", "0");
    emit("config.console_driver", "0");
    emit("config.filesystem", "0");
    emit("config.maximum_tasks", rtb_text_u32(buf, RTB_PORT_MAX_TASKS + 1u));
}

#define CONFIGURE_APPLICATION_NEEDS_CLOCK_DRIVER
#define CONFIGURE_APPLICATION_DISABLE_FILESYSTEM
#define CONFIGURE_MAXIMUM_FILE_DESCRIPTORS 0
#define CONFIGURE_DISABLE_NEWLIB_REENTRANCY

#define CONFIGURE_MICROSECONDS_PER_TICK (1000000u / RTB_RTEMS_TICK_HZ)
#define CONFIGURE_SCHEDULER_PRIORITY
#define CONFIGURE_MAXIMUM_PRIORITY 255

#define CONFIGURE_MAXIMUM_TASKS (RTB_PORT_MAX_TASKS + 1u)
#define CONFIGURE_MINIMUM_TASKS_WITH_USER_PROVIDED_STORAGE RTB_PORT_MAX_TASKS
#define CONFIGURE_MINIMUM_TASK_STACK_SIZE RTB_RTEMS_STACK_BYTES
#define CONFIGURE_MAXIMUM_THREAD_LOCAL_STORAGE_SIZE RTB_RTEMS_TLS_BYTES
#define CONFIGURE_MAXIMUM_SEMAPHORES (RTB_PORT_MAX_SEMS + RTB_PORT_MAX_MUTEXES)
#define CONFIGURE_MAXIMUM_MESSAGE_QUEUES RTB_PORT_MAX_QUEUES
#define CONFIGURE_MAXIMUM_PARTITIONS RTB_PORT_MAX_POOLS
#define CONFIGURE_MAXIMUM_TIMERS RTB_PORT_MAX_TIMERS
#define CONFIGURE_MAXIMUM_PERIODS RTB_RTEMS_MAX_PERIODS
#define CONFIGURE_MAXIMUM_REGIONS 1

#define CONFIGURE_RTEMS_INIT_TASKS_TABLE
#define CONFIGURE_INIT_TASK_ENTRY_POINT rtb_rtems_init
#define CONFIGURE_INIT_TASK_PRIORITY 1
#define CONFIGURE_INIT_TASK_INITIAL_MODES (RTEMS_PREEMPT | RTEMS_NO_TIMESLICE)
#define CONFIGURE_INIT_TASK_STACK_SIZE INIT_TASK_STACK_BYTES

#define CONFIGURE_IDLE_TASK_BODY rtb_rtems_idle
#define CONFIGURE_INITIAL_EXTENSIONS {.fatal = rtb_rtems_fatal}

#define CONFIGURE_INIT
#include <rtems/confdefs.h>
