/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Times instruction sequences on the Hazard3 model with mcycle, for the comparison with Hazard3's
 * documented cycle table (tests/integration/test_hazard3_timing.py). Built with the target's
 * start-up and console, no kernel. Each sequence runs `reps` times between two reads of mcycle,
 * 32-bit instructions only (norvc), from a word-aligned start, code and data in the zero-wait
 * RAM; it prints "T name reps cycles" (the cycles between the two reads). Traps print the
 * cycles from the instruction before them to the handler's first instruction, and from the
 * handler's last instruction to the one after the trap. */
#include <stdint.h>

#include "rtb/target.h"

#define CLOBBERS "a0", "a1", "a2", "a3", "a4", "a5", "t3", "t4", "t5", "t6", "memory"

static uint32_t scratch[4];
/* Written by the trap handler: mcycle at its first instruction (its last one's stays in t3). */
volatile uint32_t rtb_probe_trap_in;

static void put_text(const char *text)
{
    uint32_t n = 0;
    while (text[n])
        n++;
    rtb_target_write(text, n);
}

static void put_number(uint32_t value)
{
    char digits[12];
    uint32_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value);
    rtb_target_write(digits + n, sizeof digits - n);
}

static void report(const char *name, uint32_t reps, uint32_t cycles)
{
    put_text("T ");
    put_text(name);
    put_text(" ");
    put_number(reps);
    put_text(" ");
    put_number(cycles);
    put_text("\n");
}

/* `setup` runs before the first read (a5 = scratch); `body` `reps` times between the reads. */
#define TIMED(name, reps, setup, body)                                                           \
    do {                                                                                         \
        uint32_t t0_, t1_;                                                                       \
        __asm__ volatile("mv a5, %2\n" setup "\n.balign 4\n.option push\n.option norvc\n"       \
                         "csrr %0, mcycle\n.rept " #reps "\n" body "\n.endr\n"                   \
                         "csrr %1, mcycle\n.option pop\n"                                        \
                         : "=&r"(t0_), "=&r"(t1_)                                                \
                         : "r"(scratch)                                                          \
                         : CLOBBERS);                                                            \
        report(name, reps, t1_ - t0_);                                                           \
    } while (0)

/* The trap handler: its first instruction reads mcycle (kept in memory), and the one before its
 * mret (kept in t3 for the interrupted code). An ecall returns past itself; a forced interrupt
 * (meifa) is cleared. Direct mode, so every trap enters here. */
__attribute__((naked, aligned(4))) static void probe_trap(void)
{
    __asm__ volatile(".option push\n.option norvc\n"
                     "csrr t3, mcycle\n"
                     "la t4, rtb_probe_trap_in\n"
                     "sw t3, 0(t4)\n"
                     "csrr t4, mcause\n"
                     "bltz t4, 1f\n"
                     "csrr t4, mepc\n"
                     "addi t4, t4, 4\n"
                     "csrw mepc, t4\n"
                     "j 2f\n"
                     "1: li t5, 1\n" /* meifa window 1 (interrupts 16-31) written with zeros */
                     "csrw 0xbe2, t5\n"
                     "2: csrr t3, mcycle\n"
                     "mret\n"
                     ".option pop\n");
}

static void report_trap(const char *entry, const char *exit, uint32_t before, uint32_t last, uint32_t after)
{
    report(entry, 1, rtb_probe_trap_in - before);
    report(exit, 1, after - last);
}

/* An ecall: from the instruction before it to the handler, from the handler's mret back. */
static void time_ecall(void)
{
    uint32_t t0, t1, last;
    __asm__ volatile(".balign 4\n.option push\n.option norvc\n"
                     "csrr %0, mcycle\necall\ncsrr %1, mcycle\n.option pop\nmv %2, t3\n"
                     : "=&r"(t0), "=&r"(t1), "=&r"(last)::CLOBBERS);
    report_trap("ecall_entry", "ecall_mret", t0, last, t1);
}

/* An interrupt forced through the RP2350's controller (meifa, interrupt 31: no device drives it),
 * taken as soon as the csrs that forces it has run. */
static void time_forced_interrupt(void)
{
    uint32_t t0, t1, last;
    __asm__ volatile("li a4, (1 << 31) | 1\n" /* meiea/meifa window 1 (interrupts 16-31), bit 15 */
                     "csrs 0xbe0, a4\n"
                     "li a3, 1 << 11\ncsrs mie, a3\ncsrsi mstatus, 8\n"
                     ".balign 4\n.option push\n.option norvc\n"
                     "csrr %0, mcycle\ncsrs 0xbe2, a4\ncsrr %1, mcycle\n.option pop\nmv %2, t3\n"
                     "csrci mstatus, 8\ncsrc mie, a3\ncsrc 0xbe0, a4\n"
                     : "=&r"(t0), "=&r"(t1), "=&r"(last)::CLOBBERS);
    report_trap("irq_forced_entry", "irq_forced_mret", t0, last, t1);
}

static void time_sequences(void)
{
    TIMED("empty", 1, "", "");
    TIMED("add", 16, "", "add a0, a1, a2");
    TIMED("lw_independent", 16, "", "lw a1, 0(a5)\naddi a2, a2, 1");
    TIMED("lw_use", 16, "", "lw a1, 0(a5)\naddi a1, a1, 1");
    TIMED("lw_to_sw_data", 16, "", "lw a1, 0(a5)\nsw a1, 4(a5)");
    TIMED("lw_to_lw_address", 16, "sw a5, 0(a5)", "lw a1, 0(a5)\nlw a2, 0(a1)");
    TIMED("sw", 16, "", "sw a2, 8(a5)");
    TIMED("jal_aligned", 16, "", "jal x0, 1f\nnop\n1: nop\nnop");
    TIMED("jal_unaligned", 16, "", "jal x0, 1f\n.2byte 0x0001\n1: nop\n.2byte 0x0001");
    TIMED("jalr", 16, "", "auipc a4, 0\njalr x0, 8(a4)\nnop");
    TIMED("branch_taken_forward", 16, "", "beq x0, x0, 1f\nnop\n1:");
    TIMED("branch_not_taken", 16, "", "bne x0, x0, 1f\n1:");
    TIMED("loop_10", 1, "li a0, 10", "1: addi a0, a0, -1\nbnez a0, 1b");
    TIMED("loop_40", 1, "li a0, 40", "1: addi a0, a0, -1\nbnez a0, 1b");
    /* The RP2350 datasheet's delay-loop caveat: a 16-bit body, word-aligned (c.addi a0, -1). */
    TIMED("loop_16bit_body_40", 1, "li a0, 40", "1: .2byte 0x157d\nbnez a0, 1b");
    TIMED("mul", 16, "li a2, 12345\nli a3, 678", "mul a1, a2, a3");
    TIMED("mul_use", 16, "li a2, 12345\nli a3, 678", "mul a1, a2, a3\nadd a4, a1, a1");
    TIMED("mulh", 16, "li a2, -12345\nli a3, 678", "mulh a1, a2, a3");
    TIMED("mulhu", 16, "li a2, 12345\nli a3, 678", "mulhu a1, a2, a3");
    TIMED("divu", 8, "li a2, 100000\nli a3, 7", "divu a1, a2, a3");
    TIMED("divu_then_add", 8, "li a2, 100000\nli a3, 7", "divu a1, a2, a3\nadd a4, a2, a3");
    TIMED("remu", 8, "li a2, 100000\nli a3, 7", "remu a1, a2, a3");
    TIMED("div_positive", 8, "li a2, 100000\nli a3, 7", "div a1, a2, a3");
    TIMED("div_negative", 8, "li a2, -100000\nli a3, 7", "div a1, a2, a3");
    TIMED("rem_negative", 8, "li a2, -100000\nli a3, 7", "rem a1, a2, a3");
    TIMED("zba_zbb_zbkb", 16, "li a2, 0x12345678\nli a3, 3",
          "sh2add a1, a2, a3\ncpop a1, a2\nclz a1, a2\nandn a1, a2, a3\nrev8 a1, a2\npack a1, a2, a3");
    TIMED("csrr", 16, "", "csrr a1, mscratch");
    TIMED("csrw", 16, "", "csrw mscratch, a2");
}

_Noreturn void rtb_main(void)
{
    __asm__ volatile("csrw mcountinhibit, zero\ncsrw mtvec, %0" ::"r"(probe_trap));
    time_sequences();
    time_ecall();
    time_forced_interrupt();
    rtb_target_exit(0);
}

_Noreturn void rtb_target_exception(void)
{
    put_text("T fault 1 1\n");
    rtb_target_exit(1);
}
