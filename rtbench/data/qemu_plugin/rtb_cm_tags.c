/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Where EXC_RETURN values are, so that rtbench's timing model knows a branch that returns from
 * an exception (BX, POP {pc}, LDM {pc}, LDR pc of an EXC_RETURN value) from one that returns
 * from a function: QEMU 7.2's plugins see no register values. A value is followed from where it
 * arises (LR at exception entry, an MVN or MOV of one, a word of the image that holds one)
 * through register moves, ORR/BIC/AND with an immediate (how ports adjust it), and memory:
 * a store of a tagged register tags the word it writes, a load of a tagged word tags its
 * register. An access's register is known from its position among the instruction's accesses
 * (a multiple transfer moves its registers in ascending order). */
#include "rtb_cm_model.h"

#define WORD_SLOTS 8192u
#define EMPTY 1u /* no word address is odd */
#define PC_REG 15u

static uint32_t words[WORD_SLOTS]; /* open addressing with backward-shift deletion */
static unsigned used;
static uint8_t near[WORD_SLOTS];   /* tagged words per home slot: a zero skips the search */

static unsigned home(uint32_t a) { return (unsigned)((a >> 2) * 2654435761u) & (WORD_SLOTS - 1u); }

static unsigned find(uint32_t a)
{
    unsigned k = home(a);
    while (words[k] != EMPTY && words[k] != a)
        k = (k + 1u) & (WORD_SLOTS - 1u);
    return k;
}

static void add_word(uint32_t a)
{
    unsigned k = find(a);
    if (words[k] == a || 2u * (used + 1u) > WORD_SLOTS)
        return;
    words[k] = a;
    used++;
    near[home(a)]++;
}

static void remove_word(uint32_t a)
{
    if (!near[home(a)])
        return;
    unsigned k = find(a);
    if (words[k] != a)
        return;
    words[k] = EMPTY;
    used--;
    near[home(a)]--;
    for (unsigned j = (k + 1u) & (WORD_SLOTS - 1u); words[j] != EMPTY; j = (j + 1u) & (WORD_SLOTS - 1u)) {
        unsigned h = home(words[j]);
        /* move the entry back if its home lies cyclically outside (k, j] */
        if ((j > k && (h <= k || h > j)) || (j < k && h <= k && h > j)) {
            words[k] = words[j];
            words[j] = EMPTY;
            k = j;
        }
    }
}

static int has_word(uint32_t a) { return near[home(a)] && words[find(a)] == a; }

void rtb_cm_tags_init(const rtb_cm_params *p)
{
    for (unsigned k = 0; k < WORD_SLOTS; k++)
        words[k] = EMPTY, near[k] = 0;
    used = 0;
    for (unsigned i = 0; i < p->nmagic; i++)
        add_word(p->magic[i] & ~3u);
}

void rtb_cm_tags_execute(rtb_cm_state *s, const rtb_cm_insn *insn)
{
    const rtb_insn *d = &insn->d;
    int copied = d->tag == RTB_TAG_COPY && d->rn < 16u && ((s->tags >> d->rn) & 1u);
    s->tags &= (uint16_t)~d->writes;
    if ((copied || d->tag == RTB_TAG_SET) && d->rd < 15u)
        s->tags |= (uint16_t)(1u << d->rd);
    s->returning = d->kind == RTB_K_BX && d->rn < 16u && ((s->tags >> d->rn) & 1u);
}

/* The register the k-th access of the instruction moves, or 0xff. */
static unsigned access_register(const rtb_insn *d, unsigned k)
{
    switch (d->kind) {
    case RTB_K_LOAD: case RTB_K_LOAD_PC: case RTB_K_STORE:
        return k == 0u ? d->rd : 0xffu;
    case RTB_K_LDRD: case RTB_K_STRD:
        return k == 0u ? d->rd : k == 1u ? d->rt2 : 0xffu;
    case RTB_K_LDM: case RTB_K_LDM_PC: case RTB_K_STM:
        for (unsigned r = 0; r < 16u; r++)
            if (((d->list >> r) & 1u) && k-- == 0u)
                return r;
        return 0xffu;
    default:
        return 0xffu;
    }
}

void rtb_cm_tags_access(rtb_cm_state *s, const rtb_cm_insn *insn, uint32_t address, int store)
{
    uint32_t word = address & ~3u;
    unsigned k = s->access_index++;
    if (!near[home(word)] && (!store || !s->tags))
        return; /* most accesses: no tagged word near, and nothing tagged to store */
    unsigned reg = access_register(&insn->d, k);
    if (store) {
        if (reg < 16u && ((s->tags >> reg) & 1u))
            add_word(word);
        else
            remove_word(word);
    } else if (reg < 16u && has_word(word)) {
        if (reg == PC_REG)
            s->returning = 1;
        else
            s->tags |= (uint16_t)(1u << reg);
    }
}
