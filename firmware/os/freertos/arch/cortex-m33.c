/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M33 tick wrapper and interrupt priority are the Cortex-M3 ones; the port's own
 * SysTick_Handler is xPortSysTickHandler (cortex-m33.h), this wrapper the real one. */
#include "FreeRTOS.h"
#undef SysTick_Handler
#include "cortex-m3.c"
