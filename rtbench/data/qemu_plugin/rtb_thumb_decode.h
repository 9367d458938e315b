/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* A Thumb / Thumb-2 decoder for rtbench's Cortex-M timing model (rtb_cycle_model.c): what the
 * model needs of each instruction (its timing class, the registers it reads, writes and forms
 * an address from, a direct branch's target, how it moves an EXC_RETURN value), from its bytes
 * alone (QEMU 7.2's plugin API gives no registers). ARMv6-M, ARMv7-M and ARMv7E-M with the
 * single-precision FPU; anything else decodes as RTB_K_ALU. */
#ifndef RTB_THUMB_DECODE_H
#define RTB_THUMB_DECODE_H

#include <stdint.h>

/* Timing classes. The model's table (rtbench/data/cycle_models.toml) gives each a cost per core;
 * the names below are the table's keys (rtb_kind_names). */
typedef enum {
    RTB_K_ALU,      /* one-cycle data processing, moves, shifts, extends, bit fields, ADR */
    RTB_K_ALU_PC,   /* MOV/ADD writing the PC: a branch to a register value */
    RTB_K_MUL,      /* MUL(S): 32 x 32 -> 32 */
    RTB_K_MLA,      /* MLA, MLS */
    RTB_K_MULL,     /* UMULL, SMULL */
    RTB_K_MLAL,     /* UMLAL, SMLAL, UMAAL */
    RTB_K_DSPMUL,   /* the v7E-M multiplies: SMULxy, SMLAxy, SMLAD, SMMUL... */
    RTB_K_DIV,      /* SDIV, UDIV */
    RTB_K_LOAD,     /* one load into a register other than the PC (LDREX too) */
    RTB_K_LOAD_PC,  /* LDR PC, [...] */
    RTB_K_STORE,    /* one store (STREX too) */
    RTB_K_LDRD,     /* LDRD */
    RTB_K_STRD,     /* STRD */
    RTB_K_LDM,      /* LDM, POP without the PC */
    RTB_K_LDM_PC,   /* LDM, POP with the PC */
    RTB_K_STM,      /* STM, PUSH */
    RTB_K_B,        /* B: direct, unconditional */
    RTB_K_BCOND,    /* B<c>, CBZ, CBNZ: direct, conditional */
    RTB_K_BL,       /* BL */
    RTB_K_BX,       /* BX Rm */
    RTB_K_BLX,      /* BLX Rm */
    RTB_K_TB,       /* TBB, TBH */
    RTB_K_IT,       /* IT */
    RTB_K_DMB,      /* DMB, DSB */
    RTB_K_ISB,      /* ISB */
    RTB_K_MRS,      /* MRS */
    RTB_K_MSR,      /* MSR */
    RTB_K_CPS,      /* CPSIE, CPSID */
    RTB_K_NOP,      /* NOP, YIELD, SEV, CLREX */
    RTB_K_WFI,      /* WFI, WFE */
    RTB_K_SVC,      /* SVC, UDF: the instruction before the exception entry */
    RTB_K_BKPT,     /* BKPT (a semihosting call under QEMU) */
    RTB_K_FP_ALU,   /* VADD, VSUB, VMUL, VABS, VNEG, VCMP, VCVT, VMOV between FP registers or immediate */
    RTB_K_FP_MAC,   /* VMLA, VMLS, VNMLA, VNMLS, VNMUL, VFMA, VFMS, VFNMA, VFNMS */
    RTB_K_FP_DIV,   /* VDIV, VSQRT */
    RTB_K_FP_LOAD,  /* VLDR */
    RTB_K_FP_STORE, /* VSTR */
    RTB_K_FP_LDM,   /* VLDM, VPOP */
    RTB_K_FP_STM,   /* VSTM, VPUSH */
    RTB_K_FP_MOV,   /* VMOV between core and FP registers, VMRS, VMSR */
    RTB_K_COUNT
} rtb_kind;

extern const char *const rtb_kind_names[RTB_K_COUNT];

/* How an instruction moves an EXC_RETURN value (the exception-return tag of rtb_cm_flow.c). */
typedef enum {
    RTB_TAG_CLEAR, /* its destinations hold no EXC_RETURN value afterwards */
    RTB_TAG_COPY,  /* rd takes rn's tag: MOV rd, rn, and ORR/BIC/AND rd, rn, #imm (how ports adjust EXC_RETURN) */
    RTB_TAG_SET,   /* rd holds an EXC_RETURN constant (MVN, MOV.W or MOVT of one) */
    RTB_TAG_MEMORY /* a load or store: the tag moves with the value, through memory (its accesses) */
} rtb_tag_rule;

enum {
    RTB_I_COND = 1u << 0,   /* may not execute or branch: B<c>, CBZ, or inside an IT block */
    RTB_I_WB = 1u << 1,     /* a load or store that writes its base register back */
    RTB_I_REGOFF = 1u << 2, /* a load or store with a register offset */
    RTB_I_DP = 1u << 3,     /* a data-processing result (the address-generation stall of the v7-M) */
    RTB_I_PCREL = 1u << 4,  /* a PC-relative load: its address is `target` */
};

typedef struct {
    uint32_t pc;
    uint32_t target;   /* a direct branch's target; a PC-relative load's address */
    uint16_t reads;    /* general registers read (bit n: rn) */
    uint16_t writes;   /* general registers written, the PC excluded */
    uint16_t addr;     /* registers an access's address is formed from */
    uint16_t list;     /* the registers a multiple load or store moves, in access order */
    uint8_t kind;      /* rtb_kind */
    uint8_t size;      /* bytes: 2 or 4 */
    uint8_t count;     /* words a multiple transfer moves (LDM/STM/VLDM/VSTM), 2 for LDRD/STRD */
    uint8_t flags;     /* RTB_I_* */
    uint8_t tag;       /* rtb_tag_rule */
    uint8_t rd, rn;    /* for RTB_TAG_COPY and RTB_TAG_SET (rd only); a single load's or store's rt in rd */
    uint8_t rt2;       /* LDRD/STRD's second register */
    uint8_t it_length; /* an IT instruction: the instructions its block makes conditional */
} rtb_insn;

/* Decodes the instruction at `pc` whose first halfword is hw1 (hw2 follows a 32-bit one). */
void rtb_thumb_decode(uint32_t pc, uint16_t hw1, uint16_t hw2, rtb_insn *out);

/* True when hw1 starts a 32-bit instruction. */
static inline int rtb_thumb_is32(uint16_t hw1) { return (hw1 >> 11) >= 0x1d; }

#endif
