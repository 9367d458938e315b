/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* µT-Kernel's user configuration for rtbench, found before the tree's config/config.h: the
 * settings every profile shares, the profile's own (its tick) from RTB_PROFILE_HEADER. The
 * fair configuration: no parameter checks the kernel lets a user turn off, no debugger support,
 * no T-Monitor messages, every object and stack statically allocated (no Imalloc), no device
 * manager. µT-Kernel has no time slicing and no stack checking to turn off. */
#ifndef __TK_CONFIG__
#define __TK_CONFIG__

#include RTB_PROFILE_HEADER

#define CNF_SYSTEMAREA_TOP 0
#define CNF_SYSTEMAREA_END 0

/* 32 levels: 1 the initial task's, 2..31 rtbench's 30 (rtb_os_mtkernel.c). */
#define CNF_MAX_TSKPRI 32
#define CNF_TIMER_PERIOD RTB_MTK_TIMER_PERIOD_MS

/* The object budget of rtb_port_limits.h, plus the initial task and the port's own. */
#define CNF_MAX_TSKID 41
#define CNF_MAX_SEMID 16
#define CNF_MAX_FLGID 4
#define CNF_MAX_MBXID 0
#define CNF_MAX_MTXID 8
#define CNF_MAX_MBFID 8
/* One variable-size memory pool, rtbench's heap, only in the services image (RTB_WITH_SERVICES):
 * the others neither initialise nor carry it. */
#ifdef RTB_WITH_SERVICES
#define CNF_MAX_MPLID 1
#else
#define CNF_MAX_MPLID 0
#endif
#define CNF_MAX_MPFID 4
#define CNF_MAX_CYCID 4 /* periodic releases (rtb_os_period_*) */
#define CNF_MAX_ALMID 4

#define CNF_MAX_REGDEV 0
#define CNF_MAX_OPNDEV 0
#define CNF_MAX_REQDEV 0
#define CNF_DEVT_MBFSZ0 (-1)
#define CNF_DEVT_MBFSZ1 (-1)

#define CNF_VER_MAKER 0
#define CNF_VER_PRID 0
#define CNF_VER_PRVER 3
#define CNF_VER_PRNO1 0
#define CNF_VER_PRNO2 0
#define CNF_VER_PRNO3 0
#define CNF_VER_PRNO4 0

#define USE_LEGACY_API 0
#define CNF_MAX_PORID 0

#define CNF_EXC_STACK_SIZE 2048
#define CNF_TMP_STACK_SIZE 256

#define USE_NOINIT 0
#define USE_IMALLOC 0
#define USE_SHUTDOWN 0
#define USE_STATIC_IVT 0

/* Parameter checks off, as far as µT-Kernel's configuration goes. */
#define CHK_NOSPT 0
#define CHK_RSATR 0
#define CHK_PAR 0
#define CHK_ID 0
#define CHK_OACV 0
#define CHK_CTX 0
#define CHK_CTX1 0
#define CHK_CTX2 0
#define CHK_SELF 0
#define CHK_TKERNEL_CONST 0

#define USE_USERINIT 0
#define RI_USERINIT 0

#define USE_DBGSPT 0
#define USE_OBJECT_NAME 0
#define OBJECT_NAME_LENGTH 8

#define USE_TMONITOR 0
#define USE_SYSTEM_MESSAGE 0
#define USE_EXCEPTION_DBG_MSG 0
#define USE_TASK_DBG_MSG 0

/* The Cortex-M4F's FPU context saved for tasks created with TA_FPU (all of rtbench's: code
 * built for the hard-float ABI may use it anywhere). */
#ifdef __ARM_FP
#define USE_FPU 1
#else
#define USE_FPU 0
#endif
#define USE_DSP 0
#define USE_PTMR 0
#define USE_SDEV_DRV 0

#define USE_STDINC_STDDEF 1
#define USE_STDINC_STDINT 1

#include "config_func.h"

/* Services rtbench does not use (its config_func.h turns every one on). */
#undef USE_MAILBOX
#define USE_MAILBOX 0
#undef USE_RENDEZVOUS
#define USE_RENDEZVOUS 0
#ifndef RTB_WITH_SERVICES
#undef USE_MEMORYPOOL
#define USE_MEMORYPOOL 0 /* the heap's, in the services image only */
#endif
#undef USE_DEVICE
#define USE_DEVICE 0

#endif
