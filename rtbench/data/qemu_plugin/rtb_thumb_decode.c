/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Thumb / Thumb-2 decoder of rtbench's Cortex-M timing model (see rtb_thumb_decode.h).
 * Encodings as the ARMv7-M Architecture Reference Manual lays them out (chapter A5, and A6
 * for the floating-point extension): 16-bit instructions by their top bits, 32-bit ones by
 * op1/op2 of their first halfword. */
#include "rtb_thumb_decode.h"

#include <string.h>

const char *const rtb_kind_names[RTB_K_COUNT] = {
    "alu", "alu_pc", "mul", "mla", "mull", "mlal", "dspmul", "div", "load", "load_pc", "store", "ldrd", "strd",
    "ldm", "ldm_pc", "stm", "b", "bcond", "bl", "bx", "blx", "tb", "it", "dmb", "isb", "mrs", "msr", "cps", "nop",
    "wfi", "svc", "bkpt", "fp_alu", "fp_mac", "fp_div", "fp_load", "fp_store", "fp_ldm", "fp_stm", "fp_mov",
};

#define R(n) ((uint16_t)(1u << ((n) & 15u)))
#define PC 15u
#define LR 14u
#define SP 13u

static uint32_t bits(uint32_t x, unsigned hi, unsigned lo) { return (x >> lo) & ((1u << (hi - lo + 1u)) - 1u); }

static int32_t sext(uint32_t x, unsigned width) { return (int32_t)(x << (32u - width)) >> (32u - width); }

static unsigned popcount16(uint16_t x) { return (unsigned)__builtin_popcount(x); }

/* The EXC_RETURN values of ARMv7-M (with and without a floating-point frame). */
static int is_exc_return(uint32_t v)
{
    uint32_t low = v & 0xffu;
    return (v >> 8) == 0xffffffu && (low == 0xe1u || low == 0xe9u || low == 0xedu || low == 0xf1u ||
                                     low == 0xf9u || low == 0xfdu);
}

static uint32_t ror32(uint32_t x, unsigned n) { return n ? (x >> n) | (x << (32u - n)) : x; }

/* ThumbExpandImm: a 32-bit data-processing instruction's modified immediate. */
static uint32_t expand_imm(uint32_t imm12)
{
    uint32_t b = imm12 & 0xffu;
    if (bits(imm12, 11, 10) == 0u) {
        switch (bits(imm12, 9, 8)) {
        case 0: return b;
        case 1: return b << 16 | b;
        case 2: return b << 24 | b << 8;
        default: return b << 24 | b << 16 | b << 8 | b;
        }
    }
    return ror32(0x80u | bits(imm12, 6, 0), bits(imm12, 11, 7));
}

static void alu(rtb_insn *o, unsigned rd, uint16_t reads)
{
    o->kind = RTB_K_ALU;
    o->flags |= RTB_I_DP;
    o->writes = rd == PC ? 0 : R(rd);
    o->reads = reads;
    o->rd = (uint8_t)rd;
}

static void access(rtb_insn *o, rtb_kind kind, unsigned rt, unsigned rn, uint16_t offset_regs)
{
    o->kind = (uint8_t)kind;
    o->tag = RTB_TAG_MEMORY;
    o->rd = (uint8_t)rt;
    o->rn = (uint8_t)rn;
    o->addr = (uint16_t)(R(rn) | offset_regs);
    o->reads = o->addr;
    int load = kind == RTB_K_LOAD || kind == RTB_K_LOAD_PC;
    if (load && rt != PC)
        o->writes = R(rt);
    if (!load)
        o->reads |= R(rt);
    if (offset_regs)
        o->flags |= RTB_I_REGOFF;
}

static void multiple(rtb_insn *o, int load, unsigned rn, uint16_t list, int writeback)
{
    o->kind = (uint8_t)(load ? (list & R(PC) ? RTB_K_LDM_PC : RTB_K_LDM) : RTB_K_STM);
    o->tag = RTB_TAG_MEMORY;
    o->list = list;
    o->count = (uint8_t)popcount16(list);
    o->rn = (uint8_t)rn;
    o->addr = R(rn);
    o->reads = (uint16_t)(R(rn) | (load ? 0u : list));
    o->writes = (uint16_t)((load ? list & (uint16_t)~R(PC) : 0u) | (writeback ? R(rn) : 0u));
    if (writeback)
        o->flags |= RTB_I_WB;
}

static void branch(rtb_insn *o, rtb_kind kind, uint32_t target)
{
    o->kind = (uint8_t)kind;
    o->target = target;
    if (kind == RTB_K_BL)
        o->writes = R(LR);
    if (kind == RTB_K_BCOND)
        o->flags |= RTB_I_COND;
}

static void bx(rtb_insn *o, unsigned rm, int link)
{
    o->kind = (uint8_t)(link ? RTB_K_BLX : RTB_K_BX);
    o->reads = R(rm);
    o->rn = (uint8_t)rm;
    o->writes = link ? R(LR) : 0u;
}

/* 16-bit: shift by immediate, add and subtract (register and 3-bit immediate), 8-bit immediates. */
static void d16_shift_add(uint16_t h, rtb_insn *o)
{
    unsigned rd = h & 7u, rn = bits(h, 5, 3), rm = bits(h, 8, 6);
    if ((h >> 13) == 0u && bits(h, 12, 11) != 3u) {
        alu(o, rd, R(rn));
    } else if ((h >> 13) == 0u) {
        alu(o, rd, (uint16_t)(R(rn) | (bits(h, 10, 10) ? 0u : R(rm))));
    } else {
        unsigned op = bits(h, 12, 11), rdn = bits(h, 10, 8);
        alu(o, rdn, op == 0u ? 0u : R(rdn));
        if (op == 1u) /* CMP writes flags only */
            o->writes = 0;
    }
}

/* 16-bit data processing: AND ... MVN, MUL. */
static void d16_dataproc(uint16_t h, rtb_insn *o)
{
    unsigned op = bits(h, 9, 6), rdn = h & 7u, rm = bits(h, 5, 3);
    alu(o, rdn, (uint16_t)(R(rdn) | R(rm)));
    if (op == 8u || op == 10u || op == 11u) /* TST, CMP, CMN */
        o->writes = 0;
    if (op == 9u || op == 15u) /* RSB #0, MVN read only rm */
        o->reads = R(rm);
    if (op == 13u)
        o->kind = RTB_K_MUL;
}

/* 16-bit special data processing (high registers) and branch exchange. */
static void d16_special(uint16_t h, rtb_insn *o)
{
    unsigned op = bits(h, 9, 6), rd = (h & 7u) | (bits(h, 7, 7) << 3), rm = bits(h, 6, 3);
    if (op >= 12u) {
        bx(o, rm, op >= 14u);
        return;
    }
    if (op < 4u) {
        alu(o, rd, (uint16_t)(R(rd) | R(rm)));
    } else if (op < 8u) {
        alu(o, rd, (uint16_t)(R(rd) | R(rm)));
        o->writes = 0; /* CMP */
    } else {
        alu(o, rd, R(rm));
        o->tag = RTB_TAG_COPY;
        o->rn = (uint8_t)rm;
    }
    if (rd == PC && op < 4u)
        o->kind = RTB_K_ALU_PC;
    if (rd == PC && op >= 8u)
        o->kind = RTB_K_ALU_PC;
}

/* 16-bit loads and stores: register offset, immediate offset, SP-relative, PC-relative. */
static void d16_loadstore(uint32_t pc, uint16_t h, rtb_insn *o)
{
    unsigned top = h >> 12, rt = h & 7u, rn = bits(h, 5, 3);
    if ((h >> 11) == 0x09u) {
        access(o, RTB_K_LOAD, bits(h, 10, 8), PC, 0);
        o->addr = o->reads = 0;
        o->flags |= RTB_I_PCREL;
        o->target = ((pc + 4u) & ~3u) + (h & 0xffu) * 4u;
    } else if (top == 0x5u) {
        access(o, bits(h, 11, 9) < 3u ? RTB_K_STORE : RTB_K_LOAD, rt, rn, R(bits(h, 8, 6)));
    } else if (top == 0x9u) {
        access(o, bits(h, 11, 11) ? RTB_K_LOAD : RTB_K_STORE, bits(h, 10, 8), SP, 0);
    } else {
        access(o, bits(h, 11, 11) ? RTB_K_LOAD : RTB_K_STORE, rt, rn, 0);
    }
}

/* 16-bit miscellaneous: SP adjust, CBZ, extends, PUSH/POP, CPS, REV, BKPT, IT and hints. */
static void d16_misc(uint32_t pc, uint16_t h, rtb_insn *o)
{
    if ((h & 0xf500u) == 0xb100u) {
        branch(o, RTB_K_BCOND, pc + 4u + ((bits(h, 9, 9) << 6) | (bits(h, 7, 3) << 1)));
        o->reads = R(h & 7u);
    } else if ((h & 0xfe00u) == 0xb400u) {
        multiple(o, 0, SP, (uint16_t)((h & 0xffu) | (bits(h, 8, 8) ? R(LR) : 0u)), 1);
    } else if ((h & 0xfe00u) == 0xbc00u) {
        multiple(o, 1, SP, (uint16_t)((h & 0xffu) | (bits(h, 8, 8) ? R(PC) : 0u)), 1);
    } else if ((h & 0xffe0u) == 0xb660u) {
        o->kind = RTB_K_CPS;
    } else if ((h & 0xff00u) == 0xbe00u) {
        o->kind = RTB_K_BKPT;
    } else if ((h & 0xff00u) == 0xbf00u && (h & 0xfu)) {
        o->kind = RTB_K_IT;
        o->it_length = (uint8_t)(4u - (unsigned)__builtin_ctz(h & 0xfu));
    } else if ((h & 0xff00u) == 0xbf00u) {
        unsigned hint = bits(h, 7, 4);
        o->kind = (uint8_t)(hint == 2u || hint == 3u ? RTB_K_WFI : RTB_K_NOP);
    } else if ((h & 0xff00u) == 0xb000u) {
        alu(o, SP, R(SP));
    } else {
        alu(o, h & 7u, R(bits(h, 5, 3)));
    }
}

static void d16(uint32_t pc, uint16_t h, rtb_insn *o)
{
    unsigned top = h >> 12;
    if (top <= 0x3u) {
        d16_shift_add(h, o);
    } else if ((h >> 10) == 0x10u) {
        d16_dataproc(h, o);
    } else if ((h >> 10) == 0x11u) {
        d16_special(h, o);
    } else if (top <= 0x9u) {
        d16_loadstore(pc, h, o);
    } else if (top == 0xau) {
        alu(o, bits(h, 10, 8), bits(h, 11, 11) ? R(SP) : 0u);
    } else if (top == 0xbu) {
        d16_misc(pc, h, o);
    } else if (top == 0xcu) {
        unsigned rn = bits(h, 10, 8);
        int load = bits(h, 11, 11) != 0u;
        multiple(o, load, rn, h & 0xffu, !load || !(h & R(rn)));
    } else if (top == 0xdu) {
        unsigned cond = bits(h, 11, 8);
        if (cond >= 0xeu)
            o->kind = RTB_K_SVC;
        else
            branch(o, RTB_K_BCOND, pc + 4u + (uint32_t)sext((h & 0xffu) << 1, 9));
    } else {
        branch(o, RTB_K_B, pc + 4u + (uint32_t)sext((h & 0x7ffu) << 1, 12));
    }
}

/* 32-bit load/store dual, exclusive and table branch. */
static void d32_dual(uint32_t pc, uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned op1 = bits(h1, 8, 7), op2 = bits(h1, 5, 4), op3 = bits(h2, 7, 4);
    unsigned rn = h1 & 15u, rt = h2 >> 12, rt2 = bits(h2, 11, 8);
    if (op1 == 1u && op2 == 1u && op3 <= 1u) {
        o->kind = RTB_K_TB;
        o->reads = o->addr = (uint16_t)(R(rn) | R(h2 & 15u));
    } else if (op1 <= 1u && op2 <= 1u) {
        access(o, op2 ? RTB_K_LOAD : RTB_K_STORE, rt, rn, 0);
        if (!op2)
            o->writes = R(op1 ? (h2 & 15u) : rt2); /* STREX's status register */
    } else {
        int load = op1 <= 1u ? op2 == 3u : (op2 & 1u) != 0u;
        access(o, load ? RTB_K_LDRD : RTB_K_STRD, rt, rn, 0);
        o->rt2 = (uint8_t)rt2;
        o->count = 2;
        o->writes = load ? (uint16_t)(R(rt) | R(rt2)) : 0u;
        o->reads = load ? R(rn) : (uint16_t)(R(rn) | R(rt) | R(rt2));
        if (bits(h1, 5, 5))
            o->writes |= R(rn), o->flags |= RTB_I_WB;
        if (rn == PC)
            o->flags |= RTB_I_PCREL, o->target = ((pc + 4u) & ~3u) + (h2 & 0xffu) * 4u, o->addr = 0;
    }
}

/* 32-bit data processing with a shifted register. */
static void d32_dp_shift(uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned op = bits(h1, 8, 5), rn = h1 & 15u, rd = bits(h2, 11, 8), rm = h2 & 15u;
    int plain_move = op == 2u && rn == PC && bits(h2, 14, 12) == 0u && bits(h2, 7, 4) == 0u;
    alu(o, rd, (uint16_t)((rn == PC ? 0u : R(rn)) | R(rm)));
    if (rd == PC && (op == 0u || op == 4u || op == 8u || op == 13u)) /* TST, TEQ, CMN, CMP */
        o->writes = 0;
    if (plain_move)
        o->tag = RTB_TAG_COPY, o->rn = (uint8_t)rm;
}

/* 32-bit data processing with a modified immediate, or a plain binary immediate (MOVW, MOVT...). */
static void d32_dp_imm(uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned rn = h1 & 15u, rd = bits(h2, 11, 8);
    uint32_t imm12 = bits(h1, 10, 10) << 11 | bits(h2, 14, 12) << 8 | (h2 & 0xffu);
    alu(o, rd, rn == PC ? 0u : R(rn));
    if (bits(h1, 9, 9)) { /* plain binary immediate */
        unsigned op = bits(h1, 8, 4);
        if (op == 0x0cu) /* MOVT keeps rd's low half */
            o->reads = R(rd), o->tag = ((imm12 | (h1 & 15u) << 12) == 0xffffu) ? RTB_TAG_SET : RTB_TAG_CLEAR;
        if (op == 0x04u)
            o->reads = 0;
        return;
    }
    unsigned op = bits(h1, 8, 5);
    uint32_t value = expand_imm(imm12);
    if (rd == PC) /* TST, TEQ, CMN, CMP */
        o->writes = 0;
    if (rn == PC && ((op == 2u && is_exc_return(value)) || (op == 3u && is_exc_return(~value))))
        o->tag = RTB_TAG_SET;
    else if (rn != PC && (op == 0u || op == 1u || op == 2u))
        o->tag = RTB_TAG_COPY, o->rn = (uint8_t)rn;
}

/* Branches and miscellaneous control: B<c>.W, B.W, BL, MSR, MRS, hints, barriers. */
static void d32_branch(uint32_t pc, uint16_t h1, uint16_t h2, rtb_insn *o)
{
    uint32_t s = bits(h1, 10, 10), j1 = bits(h2, 13, 13), j2 = bits(h2, 11, 11), imm11 = h2 & 0x7ffu;
    if (bits(h2, 12, 12)) {
        uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
        uint32_t imm = s << 24 | i1 << 23 | i2 << 22 | bits(h1, 9, 0) << 12 | imm11 << 1;
        branch(o, bits(h2, 14, 14) ? RTB_K_BL : RTB_K_B, pc + 4u + (uint32_t)sext(imm, 25));
    } else if (bits(h2, 14, 14) == 0u && bits(h1, 9, 7) != 7u) {
        uint32_t imm = s << 20 | j2 << 19 | j1 << 18 | bits(h1, 5, 0) << 12 | imm11 << 1;
        branch(o, RTB_K_BCOND, pc + 4u + (uint32_t)sext(imm, 21));
    } else {
        unsigned op = bits(h1, 10, 4), opt = bits(h2, 7, 4);
        if ((op >> 1) == 0x1cu)
            o->kind = RTB_K_MSR, o->reads = R(h1 & 15u);
        else if ((op >> 1) == 0x1fu)
            alu(o, bits(h2, 11, 8), 0), o->kind = RTB_K_MRS, o->flags = 0;
        else if (op == 0x3au)
            o->kind = (uint8_t)((h2 & 0xffu) == 2u || (h2 & 0xffu) == 3u ? RTB_K_WFI : RTB_K_NOP);
        else if (op == 0x3bu)
            o->kind = (uint8_t)(opt == 6u ? RTB_K_ISB : opt == 4u || opt == 5u ? RTB_K_DMB : RTB_K_NOP);
        else
            o->kind = RTB_K_SVC; /* UDF.W and what this core cannot execute */
    }
}

/* 32-bit single loads and stores (byte, halfword, word; immediate, register and literal). */
static void d32_single(uint32_t pc, uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned rn = h1 & 15u, rt = h2 >> 12, size = bits(h1, 6, 5);
    int load = bits(h1, 4, 4) != 0u;
    int regoff = !bits(h1, 7, 7) && !bits(h2, 11, 11) && bits(h2, 10, 6) == 0u;
    rtb_kind kind = !load ? RTB_K_STORE : rt == PC && size == 2u ? RTB_K_LOAD_PC : RTB_K_LOAD;
    if (load && rt == PC && size != 2u) { /* PLD, PLI: hints */
        o->kind = RTB_K_NOP;
        return;
    }
    access(o, kind, rt, rn, regoff ? R(h2 & 15u) : 0u);
    if (load && rn == PC) {
        uint32_t base = (pc + 4u) & ~3u, imm = h2 & 0xfffu;
        o->flags |= RTB_I_PCREL;
        o->target = bits(h1, 7, 7) ? base + imm : base - imm;
        o->addr = o->reads = 0;
    } else if (!bits(h1, 7, 7) && bits(h2, 11, 11) && (bits(h2, 8, 8) || !bits(h2, 10, 10))) {
        o->flags |= RTB_I_WB;
        o->writes |= R(rn);
    }
}

/* 32-bit multiplies, multiply-accumulates, long multiplies and divides. */
static void d32_multiply(uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned op1 = bits(h1, 6, 4), rn = h1 & 15u, rm = h2 & 15u, hi = bits(h2, 11, 8), lo = h2 >> 12;
    unsigned op2 = bits(h2, 7, 4);
    alu(o, hi, (uint16_t)(R(rn) | R(rm)));
    if (!bits(h1, 7, 7)) { /* 32-bit result; lo is Ra */
        o->kind = (uint8_t)(op1 != 0u ? RTB_K_DSPMUL : lo == PC && bits(h2, 5, 4) == 0u ? RTB_K_MUL : RTB_K_MLA);
        if (lo != PC)
            o->reads |= R(lo);
        return;
    }
    if (op1 == 1u || op1 == 3u) {
        o->kind = RTB_K_DIV;
        return;
    }
    o->writes = (uint16_t)(R(lo) | R(hi));
    if (op1 == 0u || op1 == 2u)
        o->kind = RTB_K_MULL;
    else if ((op1 == 4u || op1 == 6u) && (op2 == 0u || op2 == 6u))
        o->kind = RTB_K_MLAL, o->reads |= o->writes;
    else
        o->kind = RTB_K_DSPMUL, o->reads |= o->writes;
}

/* The floating-point extension's data processing (VADD ... VSQRT). */
static void d32_fp_dp(uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned opc1 = bits(h1, 7, 7) << 2 | bits(h1, 5, 4), opc2 = h1 & 15u, opc3 = bits(h2, 7, 6);
    if (opc1 <= 1u || opc1 == 5u || opc1 == 6u)
        o->kind = RTB_K_FP_MAC;
    else if (opc1 == 4u || (opc1 == 7u && opc2 == 1u && opc3 == 3u))
        o->kind = RTB_K_FP_DIV;
    else
        o->kind = RTB_K_FP_ALU;
}

/* The floating-point extension: loads and stores, transfers, data processing. */
static void d32_fp(uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned rn = h1 & 15u, rt = h2 >> 12;
    int load = bits(h1, 4, 4) != 0u;
    if ((h1 >> 8) == 0xeeu && !bits(h2, 4, 4)) {
        d32_fp_dp(h1, h2, o);
    } else if ((h1 >> 8) == 0xeeu) {
        o->kind = RTB_K_FP_MOV;
        o->writes = load && rt != PC ? R(rt) : 0u;
        o->reads = load ? 0u : R(rt);
    } else if ((h1 & 0xffe0u) == 0xec40u) {
        o->kind = RTB_K_FP_MOV;
        o->writes = load ? (uint16_t)(R(rt) | R(rn)) : 0u;
        o->reads = load ? 0u : (uint16_t)(R(rt) | R(rn));
    } else if (bits(h1, 8, 8) && !bits(h1, 5, 5)) {
        o->kind = (uint8_t)(load ? RTB_K_FP_LOAD : RTB_K_FP_STORE);
        o->addr = o->reads = rn == PC ? 0u : R(rn);
    } else {
        o->kind = (uint8_t)(load ? RTB_K_FP_LDM : RTB_K_FP_STM);
        o->count = (uint8_t)(h2 & 0xffu);
        o->addr = o->reads = R(rn);
        o->writes = bits(h1, 5, 5) ? R(rn) : 0u;
    }
}

static void d32(uint32_t pc, uint16_t h1, uint16_t h2, rtb_insn *o)
{
    unsigned op1 = bits(h1, 12, 11), op2 = bits(h1, 10, 4);
    int coprocessor = (op1 == 1u || op1 == 3u) && (op2 & 0x40u) && bits(h2, 11, 9) == 5u;
    if (coprocessor) {
        d32_fp(h1, h2, o);
    } else if (op1 == 1u && (op2 & 0x64u) == 0x00u) {
        unsigned rn = h1 & 15u;
        int load = bits(h1, 4, 4) != 0u;
        multiple(o, load, rn, h2, bits(h1, 5, 5) != 0u);
    } else if (op1 == 1u && (op2 & 0x64u) == 0x04u) {
        d32_dual(pc, h1, h2, o);
    } else if (op1 == 1u && (op2 & 0x60u) == 0x20u) {
        d32_dp_shift(h1, h2, o);
    } else if (op1 == 2u && !bits(h2, 15, 15)) {
        d32_dp_imm(h1, h2, o);
    } else if (op1 == 2u) {
        d32_branch(pc, h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x71u) == 0x00u) {
        d32_single(pc, h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x67u) == 0x01u) {
        d32_single(pc, h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x67u) == 0x03u) {
        d32_single(pc, h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x67u) == 0x05u) {
        d32_single(pc, h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x70u) == 0x30u) {
        d32_multiply(h1, h2, o);
    } else if (op1 == 3u && (op2 & 0x70u) == 0x20u) {
        alu(o, bits(h2, 11, 8), (uint16_t)(R(h1 & 15u) | R(h2 & 15u)));
    } else {
        alu(o, bits(h2, 11, 8), 0);
    }
}

void rtb_thumb_decode(uint32_t pc, uint16_t hw1, uint16_t hw2, rtb_insn *out)
{
    memset(out, 0, sizeof *out);
    out->pc = pc;
    out->rd = out->rn = out->rt2 = 0xff;
    if (rtb_thumb_is32(hw1)) {
        out->size = 4;
        d32(pc, hw1, hw2, out);
    } else {
        out->size = 2;
        d16(pc, hw1, out);
    }
    out->writes &= (uint16_t)~R(PC);
}
