# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# vexriscv-sim: LiteX/VexRiscv SoC in Verilator. The SoC's register map comes from its csr.json,
# generated here from rtbench's own SoC script (register addresses move when peripherals are added).
set(RTB_ARCH riscv32)
# rv32i runs on every VexRiscv variant (minimal has no multiplier), so one image measures them all.
# -misa-spec=2.2 keeps the CSR instructions in the base ISA for gcc 12. A CPU variant's `isa`
# setting (rtbench/acquire/cpu_config.py) builds for more of the CPU's own ISA: CV32E40P's rv32imc,
# Hazard3's RP2350 ISA as far as Debian's gcc 12 builds it: rv32imac with Zba, Zbb and Zbkb. Zcb
# and Zcmp need gcc 14; with Zbs gcc 12.2 stops with an internal compiler error on a constant
# 0x800 (riscv-collab/riscv-gnu-toolchain#1317), which rtbench's core has. picolibc comes in few
# ISA builds (multilibs): the image links the one of the largest subset of its ISA
# (RTB_ARCH_LINK_FLAGS).
if("RTB_CPU_HAZARD3" IN_LIST RTB_DEFINES AND "RTB_ISA_RV32IMAC" IN_LIST RTB_DEFINES)
    set(RTB_ARCH_FLAGS -march=rv32imac_zicsr_zifencei -mabi=ilp32 --specs=picolibc.specs)
    set(RTB_ARCH_LINK_FLAGS -march=rv32imac -mabi=ilp32 --specs=picolibc.specs)
elseif("RTB_CPU_HAZARD3" IN_LIST RTB_DEFINES AND NOT "RTB_ISA_RV32I" IN_LIST RTB_DEFINES)
    set(RTB_ARCH_FLAGS -march=rv32imac_zicsr_zifencei_zba_zbb_zbkb -mabi=ilp32 --specs=picolibc.specs)
    set(RTB_ARCH_LINK_FLAGS -march=rv32imac -mabi=ilp32 --specs=picolibc.specs)
elseif("RTB_ISA_RV32IMC" IN_LIST RTB_DEFINES)
    set(RTB_ARCH_FLAGS -march=rv32imc -mabi=ilp32 -misa-spec=2.2 --specs=picolibc.specs)
    set(RTB_ARCH_LINK_FLAGS -march=rv32im -mabi=ilp32 -misa-spec=2.2 --specs=picolibc.specs)
else()
    set(RTB_ARCH_FLAGS -march=rv32i -mabi=ilp32 -misa-spec=2.2 --specs=picolibc.specs)
endif()
set(RTB_VEX_SOC_DIR ${CMAKE_BINARY_DIR}/soc)
find_program(RTB_PYTHON NAMES python3 REQUIRED)
file(GLOB RTB_VEX_SOC_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/soc/*.py)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${RTB_VEX_SOC_SCRIPTS})
# The kernel's optional SoC blocks (os.toml soc_blocks, passed by rtbench): its image and its
# model both have them.
set(RTB_VEX_SOC_BLOCKS)
if(RTB_SOC_BLOCKS)
    set(RTB_VEX_SOC_BLOCKS --blocks ${RTB_SOC_BLOCKS})
endif()
# Another CPU (target.toml's variants.configurable) has another register map: its SoC is elaborated.
set(RTB_VEX_SOC_CPU)
if("RTB_CPU_MINERVA" IN_LIST RTB_DEFINES)
    set(RTB_VEX_SOC_CPU --variant minerva)
elseif("RTB_CPU_CV32E40P" IN_LIST RTB_DEFINES)
    set(RTB_VEX_SOC_CPU --variant cv32e40p)
elseif("RTB_CPU_HAZARD3" IN_LIST RTB_DEFINES)
    set(RTB_VEX_SOC_CPU --variant hazard3)
endif()
execute_process(COMMAND ${RTB_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/soc/rtb_soc.py --out ${RTB_VEX_SOC_DIR} ${RTB_VEX_SOC_BLOCKS} ${RTB_VEX_SOC_CPU}
                RESULT_VARIABLE rtb_soc_status OUTPUT_QUIET ERROR_VARIABLE rtb_soc_error)
if(NOT rtb_soc_status EQUAL 0)
    message(FATAL_ERROR "generating the SoC's register map failed (is litex installed? run scripts/setup.sh):\n${rtb_soc_error}")
endif()
set(RTB_TARGET_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/startup.c
    ${CMAKE_CURRENT_LIST_DIR}/console.c
    ${CMAKE_CURRENT_LIST_DIR}/interrupts.c
    ${CMAKE_CURRENT_LIST_DIR}/../riscv/fault.c
    ${CMAKE_CURRENT_LIST_DIR}/bench_uart.c)
set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/include ${CMAKE_CURRENT_LIST_DIR}/../riscv ${RTB_VEX_SOC_DIR})
set(RTB_TARGET_LINK_OPTIONS
    -T${CMAKE_CURRENT_LIST_DIR}/link.ld -L${RTB_VEX_SOC_DIR} -nostartfiles)
