/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Start-up and system calls of the whole programs the timing model is validated with (CoreMark,
 * Dhrystone), bare metal on QEMU's microbit and mps2 machines: reset copies .data and zeroes
 * .bss, enables the FPU where there is one, runs main() and exits through semihosting; output
 * goes through semihosting too. rtb_mark() is the timestamp read as the model sees it (MARK_LOAD:
 * a load from this address, MARK_STORE: a store to it): the programs call it where their timed
 * region starts and ends. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[], __heap_start[];
extern uint32_t __stack_top[];
int main(void);

static int semihost(int call, const void *arg)
{
    register int r0 __asm__("r0") = call;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void rtb_mark(void)
{
#ifdef MARK_LOAD
    (void)*(volatile uint32_t *)MARK_LOAD;
#else
    *(volatile uint32_t *)MARK_STORE = 1u;
#endif
}

__attribute__((noreturn)) void _exit(int status)
{
    (void)status; /* the output says whether the program validated */
    semihost(0x18, (const void *)0x20026u); /* SYS_EXIT, ADP_Stopped_ApplicationExit */
    for (;;) {
    }
}

int _write(int fd, const char *text, int length)
{
    int i;
    (void)fd;
    for (i = 0; i < length; i++)
        semihost(0x03, &text[i]); /* SYS_WRITEC */
    return length;
}

void *_sbrk(ptrdiff_t grow)
{
    static char *end = (char *)__heap_start;
    char *old = end;
    end += grow;
    return old;
}

int _close(int fd) { (void)fd; return -1; }
int _fstat(int fd, struct stat *st) { (void)fd; st->st_mode = S_IFCHR; return 0; }
int _isatty(int fd) { (void)fd; return 1; }
int _lseek(int fd, int offset, int whence) { (void)fd; (void)offset; (void)whence; return 0; }
int _read(int fd, char *buffer, int length) { (void)fd; (void)buffer; (void)length; return 0; }

/* C89 as well: Dhrystone is built with -std=gnu89, and this file with it. */
__attribute__((noreturn)) void reset(void)
{
    uint32_t *src = __data_load, *dst = __data_start;
    while (dst < __data_end)
        *dst++ = *src++;
    for (dst = __bss_start; dst < __bss_end;)
        *dst++ = 0;
#ifdef __ARM_FP
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20; /* CPACR: CP10, CP11 full access */
    __asm__ volatile("dsb\n isb");
#endif
    exit(main()); /* exit() flushes the output first */
}

__attribute__((used, section(".vectors"))) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)__stack_top, reset,
};
