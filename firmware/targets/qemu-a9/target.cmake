# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# qemu-a9: QEMU vexpress-a9, Cortex-A9. The toolchain says which platform the image is for:
# bare metal (a kernel linked into the image, e.g. FreeRTOS), a Linux guest's user space
# (the kernel is Debian's, booted by the guest-linux runner), or the realview-pbx-a9 machine
# under a kernel that brings its own board support (RTEMS).
set(RTB_ARCH cortex-a9)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(RTB_ARCH_FLAGS -mcpu=cortex-a9 -marm -mfloat-abi=hard -mfpu=vfpv3-d16 -fno-pie)
    add_compile_definitions(_GNU_SOURCE)
    set(RTB_TARGET_SOURCES
        ${CMAKE_CURRENT_LIST_DIR}/guest/main.c
        ${CMAKE_CURRENT_LIST_DIR}/guest/counter.c
        ${CMAKE_CURRENT_LIST_DIR}/guest/describe.c
        ${CMAKE_CURRENT_LIST_DIR}/guest/load.c
        ${CMAKE_CURRENT_LIST_DIR}/guest/kthreads.c
        ${CMAKE_CURRENT_LIST_DIR}/../linux/process.c
        ${CMAKE_CURRENT_LIST_DIR}/../linux/console.c
        ${CMAKE_CURRENT_LIST_DIR}/../linux/irq_timer.c
        ${CMAKE_CURRENT_LIST_DIR}/../linux/realtime.c
        ${CMAKE_CURRENT_LIST_DIR}/../linux/fault.c)
    set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/guest ${CMAKE_CURRENT_LIST_DIR}/../linux)
    # No build ID: Debian's linker hashes the whole file into it, debug information included, so
    # a header's line numbers would move the guest's code.
    set(RTB_TARGET_LINK_OPTIONS -static -no-pie -pthread -Wl,--wrap=rtb_boot_first_task -Wl,--build-id=none)
elseif(RTB_A9_BOARD STREQUAL "pbx-a9")
    # realview-pbx-a9 under a kernel with its own board support (RTEMS's realview_pbx_a9_qemu:
    # start-up, MMU, GIC, clock): rtbench adds its console, timestamps, benchmark interrupt and
    # UART. The BSP's ABI (Thumb-2, NEON, hard float: the toolchain's multilib for it).
    set(RTB_ARCH_FLAGS -march=armv7-a -mthumb -mfpu=neon -mfloat-abi=hard -mtune=cortex-a9)
    get_filename_component(RTB_A9_SEMIHOSTING ${CMAKE_CURRENT_LIST_DIR}/../arm-semihosting/semihosting.c ABSOLUTE)
    # The semihosting trap in Thumb state.
    set_source_files_properties(${RTB_A9_SEMIHOSTING} PROPERTIES COMPILE_DEFINITIONS "RTB_SEMIHOST_TRAP=\"svc 0xab\"")
    set(RTB_TARGET_SOURCES
        ${CMAKE_CURRENT_LIST_DIR}/pbx-a9/console.c
        ${CMAKE_CURRENT_LIST_DIR}/pbx-a9/interrupts.c
        ${RTB_A9_SEMIHOSTING})
    set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/pbx-a9)
    # The kernel's linker script (the BSP's, through -qrtems) places everything.
    set(RTB_TARGET_LINK_OPTIONS)
else()
    set(RTB_ARCH_FLAGS -mcpu=cortex-a9 -marm -mfloat-abi=softfp -mfpu=neon)
    # Command line and exit: the ARM semihosting calls, trapped with SVC in ARM state.
    get_filename_component(RTB_A9_SEMIHOSTING ${CMAKE_CURRENT_LIST_DIR}/../arm-semihosting/semihosting.c ABSOLUTE)
    set_source_files_properties(${RTB_A9_SEMIHOSTING} PROPERTIES COMPILE_DEFINITIONS "RTB_SEMIHOST_TRAP=\"svc 0x123456\"")
    set(RTB_TARGET_SOURCES
        ${CMAKE_CURRENT_LIST_DIR}/baremetal/vectors.S
        ${CMAKE_CURRENT_LIST_DIR}/baremetal/startup.c
        ${CMAKE_CURRENT_LIST_DIR}/baremetal/console.c
        ${RTB_A9_SEMIHOSTING}
        ${CMAKE_CURRENT_LIST_DIR}/baremetal/interrupts.c)
    set(RTB_TARGET_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/baremetal)
    set(RTB_TARGET_LINK_OPTIONS
        -T${CMAKE_CURRENT_LIST_DIR}/baremetal/link.ld -nostartfiles --specs=nano.specs --specs=nosys.specs)
endif()
