/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Fault signals (the process's processor faults) reported as a FAULT record, with the pc from
 * the signal's context. The image is linked without PIE, so the pc is a link-time address. */
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

#include "linux_target.h"
#include "rtb/fault.h"

static uintptr_t faulting_pc(const ucontext_t *context)
{
#if defined(__x86_64__)
    return (uintptr_t)context->uc_mcontext.gregs[REG_RIP];
#elif defined(__i386__)
    return (uintptr_t)context->uc_mcontext.gregs[REG_EIP];
#elif defined(__aarch64__)
    return (uintptr_t)context->uc_mcontext.pc;
#elif defined(__arm__)
    return (uintptr_t)context->uc_mcontext.arm_pc;
#else
    (void)context;
    return 0;
#endif
}

static const char *signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGILL: return "SIGILL";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    default: return "signal";
    }
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
    (void)info;
    rtb_fault_info fault = {.kind = signal_name(sig), .pc = (uint32_t)faulting_pc(context)};
    rtb_core_fault(&fault);
}

void rtb_linux_install_fault_handlers(void)
{
    /* The main thread's handler runs on its own stack, so a stack overflow still reports. */
    static char alt_stack[64 * 1024];
    stack_t stack = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack};
    sigaltstack(&stack, NULL);
    struct sigaction action = {.sa_sigaction = on_fault, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND};
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGSEGV, SIGILL, SIGBUS, SIGFPE};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &action, NULL);
}
