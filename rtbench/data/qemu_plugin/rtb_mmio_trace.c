/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* A QEMU TCG plugin for the interrupt cross-check (rtbench/acquire/irq_crosscheck.py): counts the
 * instructions the guest executes and logs, for every access to an address in [lo, hi) (the
 * timers), the count at that access (the accessing instruction included), the address, r or w and
 * the instruction's address. Run it with -singlestep: one instruction per block, so -icount never
 * re-executes an access. The plugin API it calls is declared in rtb_qemu_plugin_api.h, beside it,
 * so that it builds without QEMU's headers. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb_qemu_plugin_api.h"

static uint64_t executed, lo, hi;
static FILE *out;

static void on_insn(unsigned int vcpu, void *pc)
{
    (void)vcpu;
    (void)pc;
    executed++;
}

static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *pc)
{
    (void)vcpu;
    if (vaddr >= lo && vaddr < hi) /* bit 17 of the info: a store (QEMU_PLUGIN_MEM_W << 16) */
        fprintf(out, "%llu %llx %c %llx\n", (unsigned long long)executed, (unsigned long long)vaddr,
                (info >> 17) & 1u ? 'w' : 'r', (unsigned long long)(uintptr_t)pc);
}

static void on_block(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        void *pc = (void *)(uintptr_t)qemu_plugin_insn_vaddr(insn);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, pc);
        qemu_plugin_register_vcpu_mem_cb(insn, on_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, pc);
    }
}

static void on_exit_qemu(qemu_plugin_id_t id, void *arg)
{
    (void)id;
    (void)arg;
    fprintf(out, "end %llu\n", (unsigned long long)executed);
    fclose(out);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
                                                               int argc, char **argv)
{
    (void)info;
    const char *path = 0;
    for (int i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "out=", 4))
            path = argv[i] + 4;
        else if (!strncmp(argv[i], "lo=", 3))
            lo = strtoull(argv[i] + 3, 0, 0);
        else if (!strncmp(argv[i], "hi=", 3))
            hi = strtoull(argv[i] + 3, 0, 0);
    }
    out = path ? fopen(path, "w") : 0;
    if (!out || lo >= hi)
        return -1;
    setvbuf(out, 0, _IOFBF, 1u << 20);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_block);
    qemu_plugin_register_atexit_cb(id, on_exit_qemu, 0);
    return 0;
}
