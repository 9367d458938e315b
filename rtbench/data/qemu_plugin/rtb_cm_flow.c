/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Control flow in rtbench's Cortex-M timing model, decided when the next instruction runs:
 *  - a branch that was taken (the next instruction is not the one after it) costs its refill,
 *    one more for a 32-bit target that is not word-aligned, and the flash wait states when the
 *    target is in flash;
 *  - an exception entry is a next instruction that the previous one cannot lead to (its fall-through,
 *    its direct target, or for a branch to a register any address but an exception handler's);
 *  - an exception return is a branch to an EXC_RETURN value (rtb_cm_tags.c); when it lands on a
 *    handler other than the code it interrupted, the processor tail-chained.
 * Handlers are the vector table's (from the host) and every address an entry landed on. */
#include "rtb_cm_model.h"

#define HANDLER_SLOTS 2048u
#define CALLER_SAVED 0x500fu /* r0-r3, r12, lr: what an exception frame holds */
#define LR_BIT (1u << 14)

static uint32_t handler_set[HANDLER_SLOTS]; /* open addressing; 0 is empty (no handler at 0) */

static unsigned slot(uint32_t pc) { return (unsigned)((pc >> 1) * 2654435761u) & (HANDLER_SLOTS - 1u); }

int rtb_cm_is_handler(uint32_t pc)
{
    for (unsigned k = slot(pc);; k = (k + 1u) & (HANDLER_SLOTS - 1u)) {
        if (handler_set[k] == pc)
            return 1;
        if (!handler_set[k])
            return 0;
    }
}

void rtb_cm_add_handler(uint32_t pc)
{
    static unsigned used;
    if (!pc || rtb_cm_is_handler(pc) || 2u * (used + 1u) > HANDLER_SLOTS)
        return;
    unsigned k = slot(pc);
    while (handler_set[k])
        k = (k + 1u) & (HANDLER_SLOTS - 1u);
    handler_set[k] = pc;
    used++;
}

static int always_branches(unsigned kind)
{
    return kind == RTB_K_B || kind == RTB_K_BL || kind == RTB_K_BX || kind == RTB_K_BLX || kind == RTB_K_ALU_PC ||
           kind == RTB_K_LOAD_PC || kind == RTB_K_LDM_PC || kind == RTB_K_TB;
}

int rtb_cm_can_branch(unsigned kind)
{
    return kind == RTB_K_BCOND || always_branches(kind);
}

static int indirect(unsigned kind)
{
    return kind == RTB_K_BX || kind == RTB_K_BLX || kind == RTB_K_ALU_PC || kind == RTB_K_LOAD_PC ||
           kind == RTB_K_LDM_PC || kind == RTB_K_TB;
}

/* Whether the previous instruction can lead to `pc` without an exception. */
static int explained(const rtb_insn *prev, uint32_t pc)
{
    uint32_t fall = prev->pc + prev->size;
    int cond = (prev->flags & RTB_I_COND) != 0;
    if (prev->kind == RTB_K_SVC)
        return 0;
    if (prev->kind == RTB_K_B || prev->kind == RTB_K_BL || prev->kind == RTB_K_BCOND)
        return pc == prev->target || ((cond || prev->kind == RTB_K_BCOND) && pc == fall);
    if (indirect(prev->kind))
        return !rtb_cm_is_handler(pc) || (cond && pc == fall);
    return pc == fall;
}

/* Where the interrupted code would have gone on, when the previous instruction says. */
static uint32_t resume_of(const rtb_insn *prev)
{
    if (prev->kind == RTB_K_B || prev->kind == RTB_K_BL)
        return (prev->flags & RTB_I_COND) ? 0u : prev->target;
    if (always_branches(prev->kind) || prev->kind == RTB_K_BCOND)
        return 0u;
    return prev->pc + prev->size;
}

static void push_frame(rtb_cm_state *s, uint32_t resume, uint16_t saved)
{
    if (s->depth < RTB_CM_MAX_FRAMES)
        s->frames[s->depth] = (rtb_cm_frame){.resume = resume, .saved_tags = saved};
    s->depth++;
}

static rtb_cm_frame pop_frame(rtb_cm_state *s)
{
    rtb_cm_frame none = {0, 0};
    if (!s->depth)
        return none;
    s->depth--;
    return s->depth < RTB_CM_MAX_FRAMES ? s->frames[s->depth] : none;
}

/* The previous instruction branched to an EXC_RETURN value: a return, or a tail-chain. */
static rtb_cm_event exception_return(rtb_cm_state *s, const rtb_cm_params *p, uint32_t pc, uint64_t *before)
{
    rtb_cm_frame frame = pop_frame(s);
    if (rtb_cm_is_handler(pc) && pc != frame.resume) {
        *before = s->cycles;
        s->cycles += p->tailchain;
        push_frame(s, frame.resume, frame.saved_tags);
        s->tags |= LR_BIT;
        s->tailchains++;
        return RTB_EV_TAILCHAIN;
    }
    s->cycles += p->exit;
    s->tags = (uint16_t)((s->tags & ~CALLER_SAVED) | frame.saved_tags);
    s->returns++;
    return RTB_EV_RETURN;
}

static rtb_cm_event exception_entry(rtb_cm_state *s, const rtb_cm_params *p, uint32_t pc, uint64_t *before)
{
    *before = s->cycles;
    s->cycles += p->entry;
    push_frame(s, resume_of(&s->prev->d), (uint16_t)(s->tags & CALLER_SAVED));
    s->tags |= LR_BIT;
    rtb_cm_add_handler(pc);
    s->entries++;
    return RTB_EV_ENTRY;
}

static void taken_branch(rtb_cm_state *s, const rtb_cm_params *p, const rtb_cm_insn *prev, const rtb_cm_insn *next)
{
    s->cycles += prev->taken;
    if (next->d.size == 4u && (next->d.pc & 2u))
        s->cycles += p->unaligned_wide;
    if (p->ws && rtb_cm_in_flash(p, next->d.pc))
        s->cycles += p->ws;
}

rtb_cm_event rtb_cm_resolve(rtb_cm_state *s, const rtb_cm_params *p, const rtb_cm_insn *next, uint64_t *before)
{
    const rtb_cm_insn *prev = s->prev;
    s->pipe = 0;
    if (!prev)
        return RTB_EV_NONE;
    uint32_t pc = next->d.pc, fall = prev->d.pc + prev->d.size;
    int returning = s->returning && !((prev->d.flags & RTB_I_COND) && pc == fall);
    s->returning = 0;
    if (returning)
        return exception_return(s, p, pc, before);
    if (!explained(&prev->d, pc))
        return exception_entry(s, p, pc, before);
    int branched = always_branches(prev->d.kind) ? !((prev->d.flags & RTB_I_COND) && pc == fall)
                                                 : prev->d.kind == RTB_K_BCOND && pc != fall;
    if (branched)
        taken_branch(s, p, prev, next);
    else
        s->pipe = prev;
    return RTB_EV_NONE;
}
