/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's Cortex-M timing model: its parameters (one core's table, rtbench/data/cycle_models.toml,
 * written by the host as a parameter file), the per-instruction record the plugin keeps for each
 * translated instruction, and the model's state. The parts:
 *   rtb_cm_params.c  reads the parameter file
 *   rtb_cm_costs.c   an instruction's cycles: its class's cost and the pipeline rules of the v7-M
 *   rtb_cm_flow.c    taken branches, exception entry, return and tail-chaining
 *   rtb_cm_tags.c    where EXC_RETURN values are (registers and memory): what makes a branch a return
 *   rtb_cycle_model.c the QEMU plugin: callbacks and the log */
#ifndef RTB_CM_MODEL_H
#define RTB_CM_MODEL_H

#include <stdint.h>
#include <stdio.h>

#include "rtb_thumb_decode.h"

#define RTB_CM_MAX_HANDLERS 512u
#define RTB_CM_MAX_FRAMES 32u

typedef struct {
    uint16_t cost[RTB_K_COUNT];  /* cycles of each class (LDM/STM-like classes: plus one per word) */
    uint16_t taken[RTB_K_COUNT]; /* extra cycles when an instruction of the class branches */
    uint16_t store_regoff;       /* extra cycles of a store with a register offset */
    uint16_t pipeline_loads;     /* 1: a load followed by a load or store saves the second a cycle (v7-M) */
    uint16_t agu_stall;          /* extra cycles of an access whose address the previous ALU result forms */
    uint16_t store_then_load;    /* extra cycles of a load right after a single store */
    uint16_t unaligned_wide;     /* extra cycles of a branch to a 32-bit instruction that is not word-aligned */
    uint16_t entry, exit, tailchain;
    uint16_t ws;                 /* flash wait states: added to a refill from, and a data read of, flash */
    uint32_t flash_lo, flash_hi;
    uint32_t ts;                 /* the timestamp counter's register: a load from it is a timestamp read */
    uint32_t ts_store;           /* or a capture register: a store to it is one (the nRF51's TIMER0) */
    uint32_t buffer_lo, buffer_hi; /* the firmware's sample buffer */
    uint32_t begin;              /* rtb_run_begin's address: a marker per benchmark run */
    uint32_t spans_lo[4], spans_hi[4]; /* span captures' buffers (tick and scheduler spans) */
    unsigned nspans;
    uint32_t late[4];            /* the benchmark interrupts' handlers: a late entry logs the cycles before it */
    unsigned nlate;
    uint32_t handlers[RTB_CM_MAX_HANDLERS];
    unsigned nhandlers;
    uint32_t magic[64];          /* words of the image that hold an EXC_RETURN value */
    unsigned nmagic;
} rtb_cm_params;

/* What the plugin keeps of one translated instruction. */
typedef struct {
    rtb_insn d;
    uint32_t fall;   /* the next instruction's address */
    uint16_t base;   /* cycles, before the pipeline rules */
    uint16_t taken;  /* extra cycles when it branches */
    uint8_t access;  /* RTB_A_* */
    uint8_t marker;  /* rtb_run_begin's first instruction */
    uint8_t flow;    /* it can branch or raise an exception: the next instruction needs rtb_cm_resolve */
    uint8_t tagging; /* it can move an EXC_RETURN tag (rtb_cm_tags_execute) beyond clearing its writes */
} rtb_cm_insn;

enum {
    RTB_A_LOAD = 1u << 0,   /* a single load (LDR...), into a register other than the PC */
    RTB_A_STORE = 1u << 1,  /* a single store */
    RTB_A_MEMORY = 1u << 2, /* any access: single, dual, multiple, table branch, floating point */
    RTB_A_READS = 1u << 3,  /* any access that reads memory */
};

typedef struct {
    uint32_t resume;     /* where the interrupted code goes on, when known (0 when not) */
    uint16_t saved_tags; /* EXC_RETURN tags of the registers the frame holds (r0-r3, r12, lr) */
} rtb_cm_frame;

/* Exception events the flow reports to the plugin (for the log and the counts). */
typedef enum { RTB_EV_NONE, RTB_EV_ENTRY, RTB_EV_RETURN, RTB_EV_TAILCHAIN } rtb_cm_event;

typedef struct {
    uint64_t cycles, insns;
    const rtb_cm_insn *prev;      /* the previous instruction executed */
    const rtb_cm_insn *pipe;      /* the previous one when it did not branch: the pipeline rules' partner */
    uint16_t tags;                /* registers holding an EXC_RETURN value */
    uint8_t returning;            /* the previous instruction branched to an EXC_RETURN value */
    uint8_t access_index;         /* accesses of the current instruction so far */
    rtb_cm_frame frames[RTB_CM_MAX_FRAMES];
    unsigned depth;
    uint64_t entries, returns, tailchains;
} rtb_cm_state;

int rtb_cm_params_read(const char *path, rtb_cm_params *p, char *error, size_t error_size);

void rtb_cm_prepare(rtb_cm_insn *insn, const rtb_cm_params *p);
/* The instruction's cycles after `prev` (NULL after a branch or an exception). */
unsigned rtb_cm_cost(const rtb_cm_insn *insn, const rtb_cm_insn *prev, const rtb_cm_params *p);
int rtb_cm_in_flash(const rtb_cm_params *p, uint32_t address);
int rtb_cm_in_spans(const rtb_cm_params *p, uint32_t address);

/* Before `next` executes: the previous instruction's branch cost, or an exception's. Adds to
 * s->cycles; returns the event, with *before the cycles before an entry's cost. */
rtb_cm_event rtb_cm_resolve(rtb_cm_state *s, const rtb_cm_params *p, const rtb_cm_insn *next, uint64_t *before);
int rtb_cm_is_handler(uint32_t pc);
int rtb_cm_can_branch(unsigned kind);
void rtb_cm_add_handler(uint32_t pc);

void rtb_cm_tags_init(const rtb_cm_params *p);
void rtb_cm_tags_execute(rtb_cm_state *s, const rtb_cm_insn *insn);
void rtb_cm_tags_access(rtb_cm_state *s, const rtb_cm_insn *insn, uint32_t address, int store);

#endif
