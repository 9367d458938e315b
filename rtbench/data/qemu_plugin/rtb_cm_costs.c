/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* An instruction's cycles in rtbench's Cortex-M timing model: its class's cost from the core's
 * table (plus one cycle per word for the multiple transfers), then the load/store rules of the
 * Cortex-M3/M4 Technical Reference Manuals (section "Load/store timings"):
 *  - a single load followed by a single load or store whose address does not use the first
 *    load's result saves the second one cycle (neither writing its base back);
 *  - a load or store whose address the previous data-processing result forms stalls a cycle
 *    (there is no forwarding path to address generation);
 *  - nothing pipelines after a store: a load right after a single store waits a cycle.
 * A branch's refill is not here: it is known when the next instruction runs (rtb_cm_flow.c). */
#include "rtb_cm_model.h"

static int multiple_transfer(unsigned kind)
{
    return kind == RTB_K_LDM || kind == RTB_K_LDM_PC || kind == RTB_K_STM || kind == RTB_K_FP_LDM ||
           kind == RTB_K_FP_STM;
}

static uint8_t access_class(unsigned kind)
{
    switch (kind) {
    case RTB_K_LOAD:
        return RTB_A_LOAD | RTB_A_MEMORY | RTB_A_READS;
    case RTB_K_STORE:
        return RTB_A_STORE | RTB_A_MEMORY;
    case RTB_K_LOAD_PC: case RTB_K_LDRD: case RTB_K_LDM: case RTB_K_LDM_PC: case RTB_K_TB:
    case RTB_K_FP_LOAD: case RTB_K_FP_LDM:
        return RTB_A_MEMORY | RTB_A_READS;
    case RTB_K_STRD: case RTB_K_STM: case RTB_K_FP_STORE: case RTB_K_FP_STM:
        return RTB_A_MEMORY;
    default:
        return 0;
    }
}

int rtb_cm_in_flash(const rtb_cm_params *p, uint32_t address)
{
    return address >= p->flash_lo && address < p->flash_hi;
}

int rtb_cm_in_spans(const rtb_cm_params *p, uint32_t address)
{
    for (unsigned i = 0; i < p->nspans; i++)
        if (address >= p->spans_lo[i] && address < p->spans_hi[i])
            return 1;
    return 0;
}

void rtb_cm_prepare(rtb_cm_insn *insn, const rtb_cm_params *p)
{
    unsigned kind = insn->d.kind;
    insn->base = p->cost[kind];
    if (multiple_transfer(kind))
        insn->base = (uint16_t)(insn->base + insn->d.count);
    if (kind == RTB_K_STORE && (insn->d.flags & RTB_I_REGOFF))
        insn->base = (uint16_t)(insn->base + p->store_regoff);
    insn->taken = p->taken[kind];
    insn->access = access_class(kind);
    insn->marker = p->begin && insn->d.pc == (p->begin & ~1u);
    insn->fall = insn->d.pc + insn->d.size;
    insn->flow = rtb_cm_can_branch(kind) || kind == RTB_K_SVC;
    insn->tagging = insn->d.tag == RTB_TAG_COPY || insn->d.tag == RTB_TAG_SET || kind == RTB_K_BX;
}

/* A load that can hand its data phase to the next access (v7-M): single, no base write-back. */
static int pipelines(const rtb_cm_insn *load, const rtb_cm_insn *next)
{
    if (!(load->access & RTB_A_LOAD) || !(next->access & (RTB_A_LOAD | RTB_A_STORE)))
        return 0;
    if ((load->d.flags & RTB_I_WB) || (next->d.flags & RTB_I_WB))
        return 0;
    return !(next->d.addr & (1u << load->d.rd));
}

unsigned rtb_cm_cost(const rtb_cm_insn *insn, const rtb_cm_insn *prev, const rtb_cm_params *p)
{
    unsigned cycles = insn->base;
    if (!prev || !p->pipeline_loads)
        return cycles;
    if (pipelines(prev, insn) && cycles > 1u)
        cycles--;
    if ((prev->access & RTB_A_STORE) && (insn->access & RTB_A_READS))
        cycles += p->store_then_load;
    if ((insn->access & RTB_A_MEMORY) && (prev->d.flags & RTB_I_DP) && (prev->d.writes & insn->d.addr))
        cycles += p->agu_stall;
    return cycles;
}
