/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* System control space registers every Cortex-M target uses (SCB fault status, NVIC). */
#ifndef RTB_CM_REGS_H
#define RTB_CM_REGS_H

#include <stdint.h>

#define CM_REG32(addr) (*(volatile uint32_t *)(addr))

#define SCB_CFSR CM_REG32(0xE000ED28u)
#define SCB_HFSR CM_REG32(0xE000ED2Cu)
#define SCB_MMFAR CM_REG32(0xE000ED34u)
#define SCB_BFAR CM_REG32(0xE000ED38u)
#define SCB_CPACR CM_REG32(0xE000ED88u)
#define NVIC_ISER(n) CM_REG32(0xE000E100u + 4u * (n))
#define NVIC_ICER(n) CM_REG32(0xE000E180u + 4u * (n))
#define NVIC_ICPR(n) CM_REG32(0xE000E280u + 4u * (n))
#define NVIC_IPR_WORD(irq) CM_REG32(0xE000E400u + ((irq) & ~3u))
#define NVIC_IPR_BYTE(irq) (*(volatile uint8_t *)(0xE000E400u + (irq)))

static inline void cm_nvic_enable(uint32_t irq) { NVIC_ISER(irq / 32u) = 1u << (irq % 32u); }
static inline void cm_nvic_disable(uint32_t irq) { NVIC_ICER(irq / 32u) = 1u << (irq % 32u); }
static inline void cm_nvic_unpend(uint32_t irq) { NVIC_ICPR(irq / 32u) = 1u << (irq % 32u); }

static inline void cm_nvic_priority(uint32_t irq, uint8_t priority)
{
#if defined(__ARM_ARCH_6M__)
    /* ARMv6-M's priority registers take word accesses only. */
    uint32_t shift = (irq % 4u) * 8u;
    NVIC_IPR_WORD(irq) = (NVIC_IPR_WORD(irq) & ~(0xFFu << shift)) | ((uint32_t)priority << shift);
#else
    NVIC_IPR_BYTE(irq) = priority;
#endif
}

#endif
