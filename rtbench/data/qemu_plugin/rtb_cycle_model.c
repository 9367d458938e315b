/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's Cortex-M timing model as a QEMU TCG plugin: beside QEMU's exact instruction count
 * (its -icount clock is left as it is) it counts model cycles, and logs both at the points the
 * host needs to give every sample both units:
 *   R <instructions> <cycles>        a timestamp read: the instructions the counter has seen (the read
 *                                    included: -icount counts an I/O instruction before its access)
 *                                    and the model cycles before the read; the read is a load from
 *                                    the counter, or the store that captures it (parameter ts, ts_store)
 *   X <instructions> <cycles> <pc>   an exception entry or tail-chain: the instructions before it and
 *                                    the model cycles before its cost (the interrupt's instant)
 *   S <instructions>                 a store into the firmware's sample buffer (a kept sample)
 *   C <instructions>                 a store into a span capture's buffer (span_capture.h)
 *   W <instructions> <cycles> <step>...  before a benchmark interrupt's entry that waited (it follows
 *                                    an unmasking MSR or CPS, or tail-chains): the model cycles at the
 *                                    first of the RING instants before the entry, then each next one's
 *                                    increase
 *   B <instructions>                 rtb_run_begin runs: a benchmark run (one BEGIN record) starts
 *   E <instructions> <cycles> <entries> <returns> <tailchains>   QEMU exits
 * Arguments: params=FILE (the core's table and the image's addresses, rtb_cm_params.c) and
 * out=FILE. Every instruction has an execution callback (QEMU calls it once per instruction
 * executed: a block that -icount restarts for an I/O access calls it again only for memory), and
 * a memory callback. */
#include <stdlib.h>
#include <string.h>

#include "rtb_cm_model.h"
#include "rtb_qemu_plugin_api.h"

static rtb_cm_params params;
static rtb_cm_state state;
static FILE *out;
static uint64_t started_at, started_index; /* the current instruction's start: cycles, instructions */
static uint64_t last_store = UINT64_MAX;
#define RING 1024u
static uint64_t ring[RING]; /* the start cycles of the last RING instructions, by their index */

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "rtb_cycle_model: out of memory\n");
    exit(2);
}

/* The exception or branch that happened before `insn`, when the previous instruction can branch
 * or `insn` does not follow it (an interrupt came between them). */
/* A benchmark interrupt that may have waited (masked, or behind another handler): its fire instant
 * lies before its entry, so the cycles at the instants before it go to the log. */
static void log_wait(const rtb_cm_insn *prev, const rtb_cm_insn *insn, rtb_cm_event event)
{
    int watched = 0;
    for (unsigned i = 0; i < params.nlate; i++)
        watched |= params.late[i] == insn->d.pc;
    int unmasked = prev && (prev->d.kind == RTB_K_MSR || prev->d.kind == RTB_K_CPS);
    if (!watched || !(unmasked || event == RTB_EV_TAILCHAIN) || state.insns < RING)
        return;
    uint64_t first = state.insns - RING;
    fprintf(out, "W %llu %llu", (unsigned long long)first, (unsigned long long)ring[first % RING]);
    for (uint64_t k = first + 1u; k < state.insns; k++)
        fprintf(out, " %llu", (unsigned long long)(ring[k % RING] - ring[(k - 1u) % RING]));
    fputc('\n', out);
}

static void resolve(const rtb_cm_insn *insn)
{
    uint64_t before = 0;
    const rtb_cm_insn *prev = state.prev;
    rtb_cm_event event = rtb_cm_resolve(&state, &params, insn, &before);
    if (event == RTB_EV_ENTRY || event == RTB_EV_TAILCHAIN) {
        log_wait(prev, insn, event);
        fprintf(out, "X %llu %llu %x\n", (unsigned long long)state.insns, (unsigned long long)before,
                (unsigned)insn->d.pc);
    }
}

static void on_exec(unsigned int vcpu, void *data)
{
    (void)vcpu;
    const rtb_cm_insn *insn = data, *prev = state.prev;
    if (prev && !prev->flow && !state.returning && insn->d.pc == prev->fall)
        state.pipe = prev; /* the common case: it follows on, nothing to resolve */
    else
        resolve(insn);
    started_at = state.cycles;
    started_index = state.insns;
    ring[started_index % RING] = started_at;
    state.cycles += (insn->access & RTB_A_MEMORY) ? rtb_cm_cost(insn, state.pipe, &params) : insn->base;
    state.insns++;
    if (insn->tagging || (insn->d.writes & state.tags))
        rtb_cm_tags_execute(&state, insn);
    state.access_index = 0;
    state.prev = insn;
    if (insn->marker)
        fprintf(out, "B %llu\n", (unsigned long long)started_index);
}

static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *data)
{
    (void)vcpu;
    int store = qemu_plugin_mem_is_store(info);
    uint32_t address = (uint32_t)vaddr;
    rtb_cm_tags_access(&state, data, address, store);
    if (!store && params.ws && rtb_cm_in_flash(&params, address))
        state.cycles += params.ws;
    uint32_t timestamp = store ? params.ts_store : params.ts;
    if (timestamp && address == timestamp) {
        fprintf(out, "R %llu %llu\n", (unsigned long long)started_index + 1u, (unsigned long long)started_at);
    } else if (store && address >= params.buffer_lo && address < params.buffer_hi && started_index != last_store) {
        fprintf(out, "S %llu\n", (unsigned long long)started_index);
        last_store = started_index;
    } else if (store && rtb_cm_in_spans(&params, address) && started_index != last_store) {
        fprintf(out, "C %llu\n", (unsigned long long)started_index);
        last_store = started_index;
    }
}

static void decode(struct qemu_plugin_insn *insn, rtb_cm_insn *record)
{
    const uint8_t *bytes = qemu_plugin_insn_data(insn);
    size_t size = qemu_plugin_insn_size(insn);
    uint16_t hw1 = (uint16_t)(bytes[0] | bytes[1] << 8);
    uint16_t hw2 = size >= 4u ? (uint16_t)(bytes[2] | bytes[3] << 8) : 0u;
    rtb_thumb_decode((uint32_t)qemu_plugin_insn_vaddr(insn), hw1, hw2, &record->d);
}

static void on_block(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    rtb_cm_insn *records = calloc(n ? n : 1u, sizeof *records); /* one block's records together: cache locality */
    if (!records)
        out_of_memory();
    unsigned it_left = 0; /* instructions of an IT block still to come in this block */
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        rtb_cm_insn *record = &records[i];
        decode(insn, record);
        if (it_left) {
            record->d.flags |= RTB_I_COND;
            it_left--;
        }
        if (record->d.kind == RTB_K_IT)
            it_left = record->d.it_length;
        rtb_cm_prepare(record, &params);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_exec, QEMU_PLUGIN_CB_NO_REGS, record);
        if (record->access)
            qemu_plugin_register_vcpu_mem_cb(insn, on_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, record);
    }
}

static void on_exit_qemu(qemu_plugin_id_t id, void *arg)
{
    (void)id;
    (void)arg;
    fprintf(out, "E %llu %llu %llu %llu %llu\n", (unsigned long long)state.insns, (unsigned long long)state.cycles,
            (unsigned long long)state.entries, (unsigned long long)state.returns,
            (unsigned long long)state.tailchains);
    fclose(out);
}

static const char *argument(int argc, char **argv, const char *key)
{
    size_t n = strlen(key);
    for (int i = 0; i < argc; i++)
        if (!strncmp(argv[i], key, n) && argv[i][n] == '=')
            return argv[i] + n + 1;
    return 0;
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
                                                               int argc, char **argv)
{
    (void)info;
    const char *params_path = argument(argc, argv, "params"), *out_path = argument(argc, argv, "out");
    char error[300];
    if (!params_path || !out_path) {
        fprintf(stderr, "rtb_cycle_model: needs params=FILE,out=FILE\n");
        return -1;
    }
    if (rtb_cm_params_read(params_path, &params, error, sizeof error)) {
        fprintf(stderr, "rtb_cycle_model: %s\n", error);
        return -1;
    }
    out = fopen(out_path, "w");
    if (!out)
        return -1;
    setvbuf(out, 0, _IOFBF, 1u << 20);
    rtb_cm_tags_init(&params);
    for (unsigned i = 0; i < params.nhandlers; i++)
        rtb_cm_add_handler(params.handlers[i]);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_block);
    qemu_plugin_register_atexit_cb(id, on_exit_qemu, 0);
    return 0;
}
