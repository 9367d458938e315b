/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The LiteX UART console (the simulation prints it on stdout), the command line the host
 * leaves at the top of main RAM, and the end of the simulation. */
#include <stdint.h>
#include <string.h>

#include "rtb/target.h"
#include "soc_io.h"

/* The host writes this magic word and then the options, NUL-terminated (see the runner). */
#define CMDLINE_MAGIC 0x43425452u /* "RTBC" */

void rtb_target_init(void) {}

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (REG32(RTB_CSR_UART_TXFULL)) {
        }
        REG32_STORE_ONCE(RTB_CSR_UART_RXTX, (uint8_t)text[i]);
    }
}

size_t rtb_target_cmdline(char *buf, size_t cap)
{
    const volatile uint32_t *block = (const volatile uint32_t *)RTB_SOC_CMDLINE_ADDR;
    if (cap == 0u || block[0] != CMDLINE_MAGIC)
        return 0u;
    const char *text = (const char *)(RTB_SOC_CMDLINE_ADDR + 4u);
    size_t limit = cap - 1u < RTB_SOC_CMDLINE_BYTES - 4u ? cap - 1u : RTB_SOC_CMDLINE_BYTES - 4u;
    size_t len = 0;
    while (len < limit && text[len] != '\0')
        len++;
    memcpy(buf, text, len);
    buf[len] = '\0';
    return len;
}

/* The simulator's exit status says nothing about ours: the last console line carries it. */
_Noreturn void rtb_target_exit(int status)
{
    char line[] = "\nRTB-EXIT status=0\n";
    line[sizeof line - 3u] = (char)('0' + (status & 7));
    rtb_target_write(line, sizeof line - 1u);
    while (!REG32(RTB_CSR_UART_TXEMPTY)) {
    }
    for (;;)
        REG32(RTB_CSR_SIM_FINISH_FINISH) = 1u;
}

/* The SoC's identifier memory (one character per 32-bit word) names the CPU variant, so the
 * image can say which model it ran on. */
static const char *soc_ident(char *buf, size_t cap)
{
    size_t n = 0;
    for (; n + 1u < cap; n++) {
        char c = (char)REG32(RTB_CSR_BASE_IDENTIFIER_MEM + 4u * n);
        if (c == '\0')
            break;
        buf[n] = c;
    }
    buf[n] = '\0';
    return buf;
}

#if defined(RTB_CPU_MINERVA)
/* A Minerva variant's name carries its cache settings. */
#define SOC_IDENT_BYTES 192
#define CPU_TEXT "Minerva rv32im, running rv32i code (caches chosen at run time)"
#elif defined(RTB_CPU_CV32E40P) && defined(RTB_ISA_RV32IMC)
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "CV32E40P rv32imc, running rv32imc code, traps through a vector table"
#elif defined(RTB_CPU_CV32E40P)
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "CV32E40P rv32imc, running rv32i code, traps through a vector table"
#elif defined(RTB_CPU_HAZARD3) && defined(RTB_ISA_RV32I)
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "Hazard3 (RP2350 configuration), running rv32i code"
#elif defined(RTB_CPU_HAZARD3) && defined(RTB_ISA_RV32IMAC)
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "Hazard3 (RP2350 configuration), running rv32imac code"
#elif defined(RTB_CPU_HAZARD3)
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "Hazard3 (RP2350 configuration), running rv32imac_zba_zbb_zbkb code"
#else
#define SOC_IDENT_BYTES 64
#define CPU_TEXT "VexRiscv rv32i (variant chosen at run time)"
#endif

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    char ident[SOC_IDENT_BYTES];
    emit("target.soc", soc_ident(ident, sizeof ident));
    emit("target.soc_clock_hz", RTB_SOC_CLOCK_HZ_TEXT);
    emit("target.board", "LiteX SoC (rtb_soc.py) in Verilator");
    emit("target.cpu", CPU_TEXT);
#if defined(RTB_TS_INSTRET)
    emit("target.timestamp", "minstret, instructions retired (interrupt intervals start at the handler)");
#else
    emit("target.timestamp", "SoC cycle counter, CPU cycles");
#endif
    emit("target.tick_source", "LiteX timer0, periodic");
    emit("target.irq_source", "rtbench irq_timer: one-shot compare on the cycle counter");
}
