/* LiteX/VexRiscv SoC simulated by Verilator. Timestamps are CPU cycles from the SoC's cycle
 * counter (one CSR load), exact on every CPU variant. */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#include "rtb_soc_regs.h"

#define RTB_TARGET_CPU_HZ RTB_SOC_CLOCK_HZ
#define RTB_TS_HZ RTB_SOC_CLOCK_HZ
#define RTB_TS_UNIT "cycles"
#define RTB_TS_SCALE_NUM 1u
#define RTB_TS_SCALE_DEN 1u

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

static inline uint32_t rtb_target_ts(void) { return *(volatile uint32_t *)RTB_CSR_CYCLES_VALUE; }

#endif
