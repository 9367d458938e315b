# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-m0: QEMU microbit (nRF51), Cortex-M0 (ARMv6-M: Thumb-1, no BASEPRI, no FPU).
set(RTB_ARCH cortex-m0)
set(RTB_ARCH_FLAGS -mcpu=cortex-m0 -mthumb -mfloat-abi=soft)
include(${CMAKE_CURRENT_LIST_DIR}/../cortex-m/cortex-m.cmake)
rtb_cortex_m_target(${CMAKE_CURRENT_LIST_DIR} FAMILY nrf51 SOURCES nrf51_console.c nrf51_irq_timer.c)
