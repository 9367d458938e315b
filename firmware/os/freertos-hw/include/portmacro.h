/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-hw: the kernel's RISC-V portmacro.h, then its three port-optimised task-selection
 * macros redirected to the SoC's priority selector, which holds one slot per priority level
 * (slot i = priority i, the hardware's reset mapping):
 *   portRECORD_READY_PRIORITY  a store of the priority to `ready` (was: set a bit in a word)
 *   portRESET_READY_PRIORITY   a store of the priority to `block` (was: clear the bit)
 *   portGET_HIGHEST_PRIORITY   a load of `top` (was: 31 - clz, a libgcc call on rv32i)
 * The kernel's uxTopReadyPriority bitmap is no longer written; single-core FreeRTOS without
 * tickless idle reads it only through these macros. */
#ifndef RTB_FREERTOS_HW_PORTMACRO_H
#define RTB_FREERTOS_HW_PORTMACRO_H

#include_next "portmacro.h"

#include "rtb_soc_regs.h"

#if !defined(configUSE_PORT_OPTIMISED_TASK_SELECTION) || configUSE_PORT_OPTIMISED_TASK_SELECTION != 1
#error "freertos-hw needs port-optimised task selection (the RISC-V port's default)"
#endif
#if configMAX_PRIORITIES > 32
#error "the priority selector has 32 slots: configMAX_PRIORITIES must be at most 32"
#endif

#define RTB_HWSCHED_REG(addr) (*(volatile uint32_t *)(addr))
#define RTB_HWSCHED_TOP_PRIO_MASK 0x1fu

#undef portRECORD_READY_PRIORITY
#undef portRESET_READY_PRIORITY
#undef portGET_HIGHEST_PRIORITY
#define portRECORD_READY_PRIORITY(uxPriority, uxReadyPriorities)                                \
    (RTB_HWSCHED_REG(RTB_CSR_HWSCHED_READY) = (uint32_t)(uxPriority))
#define portRESET_READY_PRIORITY(uxPriority, uxReadyPriorities)                                 \
    (RTB_HWSCHED_REG(RTB_CSR_HWSCHED_BLOCK) = (uint32_t)(uxPriority))
#define portGET_HIGHEST_PRIORITY(uxTopPriority, uxReadyPriorities)                              \
    uxTopPriority = (RTB_HWSCHED_REG(RTB_CSR_HWSCHED_TOP) & RTB_HWSCHED_TOP_PRIO_MASK)

#endif
