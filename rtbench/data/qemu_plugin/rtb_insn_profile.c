/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's QEMU TCG plugin for per-function attribution (rtbench bisect): counts the
 * instructions the guest executes per instruction address, in segments that the firmware's
 * timestamp reads delimit, and logs the stores into the sample buffer.
 *
 * Arguments: out=FILE, ts=ADDR (the timestamp counter's register: every load from it starts a
 * segment), buf=ADDR and buflen=BYTES (the firmware's sample buffer: every store into it is a
 * kept sample).  The log, one record a line (numbers in hexadecimal for addresses):
 *   R <instructions before the read> <pc of the read>   a timestamp read; a segment starts here
 *   P <pc> <count>                                       the previous segment's count at one pc
 *   S <instructions before the store> <address>          a store of a kept sample
 *   E <instructions in all>                              QEMU exits
 * A segment's P lines follow the R that starts it. Run QEMU with -singlestep (one instruction
 * per block) so that -icount never executes an instruction twice.
 *
 * The plugin API it calls is declared in rtb_qemu_plugin_api.h, so it builds without QEMU's
 * headers. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb_qemu_plugin_api.h"

/* One instruction address: its count in the current segment. */
typedef struct {
    uint64_t pc;
    uint64_t count;
    bool touched;
} slot;

static slot **table; /* pc -> slot, open addressing; slots live as long as QEMU */
static size_t table_size, table_used;
static slot **touched; /* the slots counted in the current segment */
static size_t touched_used, touched_size;
static uint64_t executed, ts_addr, buf_lo, buf_hi;
static FILE *out;

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "rtb_insn_profile: out of memory\n");
    exit(2);
}

static void *grown(void *old, size_t count, size_t size)
{
    void *p = realloc(old, count * size);
    if (!p)
        out_of_memory();
    return p;
}

static size_t hash(uint64_t pc, size_t size) { return (size_t)((pc >> 1) * 0x9e3779b97f4a7c15ull) & (size - 1); }

static slot *slot_of(uint64_t pc)
{
    if (2 * (table_used + 1) > table_size) {
        size_t size = table_size ? 2 * table_size : 4096;
        slot **bigger = calloc(size, sizeof *bigger);
        if (!bigger)
            out_of_memory();
        for (size_t i = 0; i < table_size; i++) {
            if (table[i]) {
                size_t k = hash(table[i]->pc, size);
                while (bigger[k])
                    k = (k + 1) & (size - 1);
                bigger[k] = table[i];
            }
        }
        free(table);
        table = bigger;
        table_size = size;
    }
    size_t k = hash(pc, table_size);
    while (table[k] && table[k]->pc != pc)
        k = (k + 1) & (table_size - 1);
    if (!table[k]) {
        table[k] = grown(0, 1, sizeof(slot));
        *table[k] = (slot){.pc = pc};
        table_used++;
    }
    return table[k];
}

static void count(slot *s, uint64_t n)
{
    if (!s->touched) {
        if (touched_used == touched_size) {
            touched_size = touched_size ? 2 * touched_size : 1024;
            touched = grown(touched, touched_size, sizeof *touched);
        }
        touched[touched_used++] = s;
        s->touched = true;
    }
    s->count += n;
}

static void flush_segment(void)
{
    for (size_t i = 0; i < touched_used; i++) {
        if (touched[i]->count)
            fprintf(out, "P %llx %llu\n", (unsigned long long)touched[i]->pc, (unsigned long long)touched[i]->count);
        touched[i]->count = 0;
        touched[i]->touched = false;
    }
    touched_used = 0;
}

static void on_insn(unsigned int vcpu, void *data)
{
    (void)vcpu;
    executed++;
    count(data, 1);
}

/* Called after the instruction's exec callback: the instruction is counted already. */
static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *data)
{
    (void)vcpu;
    slot *s = data;
    bool store = qemu_plugin_mem_is_store(info);
    if (!store && vaddr == ts_addr) {
        s->count--; /* the read belongs to the segment it starts */
        flush_segment();
        fprintf(out, "R %llu %llx\n", (unsigned long long)(executed - 1), (unsigned long long)s->pc);
        count(s, 1);
    } else if (store && vaddr >= buf_lo && vaddr < buf_hi) {
        fprintf(out, "S %llu %llx\n", (unsigned long long)(executed - 1), (unsigned long long)vaddr);
    }
}

static void on_block(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        slot *s = slot_of(qemu_plugin_insn_vaddr(insn));
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, s);
        qemu_plugin_register_vcpu_mem_cb(insn, on_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, s);
    }
}

static void on_exit_qemu(qemu_plugin_id_t id, void *arg)
{
    (void)id;
    (void)arg;
    flush_segment();
    fprintf(out, "E %llu\n", (unsigned long long)executed);
    fclose(out);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
                                                               int argc, char **argv)
{
    (void)info;
    const char *path = 0;
    uint64_t buflen = 0;
    for (int i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "out=", 4))
            path = argv[i] + 4;
        else if (!strncmp(argv[i], "ts=", 3))
            ts_addr = strtoull(argv[i] + 3, 0, 0);
        else if (!strncmp(argv[i], "buf=", 4))
            buf_lo = strtoull(argv[i] + 4, 0, 0);
        else if (!strncmp(argv[i], "buflen=", 7))
            buflen = strtoull(argv[i] + 7, 0, 0);
    }
    buf_hi = buf_lo + buflen;
    out = path ? fopen(path, "w") : 0;
    if (!out || !ts_addr || !buflen)
        return -1;
    setvbuf(out, 0, _IOFBF, 1u << 20);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_block);
    qemu_plugin_register_atexit_cb(id, on_exit_qemu, 0);
    return 0;
}
