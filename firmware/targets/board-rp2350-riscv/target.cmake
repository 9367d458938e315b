# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# board-rp2350-riscv: the Raspberry Pi Pico 2's RP2350 on its Hazard3 core, loaded into SRAM by
# a debug probe. The image is built for the ISA the SoC's Hazard3 runs by default (rv32imac with
# Zba, Zbb and Zbkb; vexriscv-sim's target.cmake says why no more) and links picolibc's rv32imac.
set(RTB_ARCH riscv32)
set(RTB_ARCH_FLAGS -march=rv32imac_zicsr_zifencei_zba_zbb_zbkb -mabi=ilp32 --specs=picolibc.specs)
set(RTB_ARCH_LINK_FLAGS -march=rv32imac -mabi=ilp32 --specs=picolibc.specs)
set(RTB_TARGET_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/startup.c
    ${CMAKE_CURRENT_LIST_DIR}/clocks.c
    ${CMAKE_CURRENT_LIST_DIR}/console.c
    ${CMAKE_CURRENT_LIST_DIR}/interrupts.c
    ${CMAKE_CURRENT_LIST_DIR}/../riscv/fault.c)
set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/include ${CMAKE_CURRENT_LIST_DIR}/../riscv)
set(RTB_TARGET_LINK_OPTIONS -T${CMAKE_CURRENT_LIST_DIR}/link.ld -nostartfiles)
