#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Cross-check for the NuttX port: NuttX's own benchmark, osperf (nuttx-apps benchmarks/osperf),
# built from the kernel's own mps2-an500:nsh configuration with osperf as the init task and the
# settings of rtbench's profile (no assertions or debug, -O2, 100 Hz tick, no round-robin), run
# on QEMU's mps2-an500 (rtbench's qemu-m7) under the same -icount shift=7. osperf prints
# max/min/average nanoseconds of virtual time per operation: one instruction is 128 ns, so
# nanoseconds / 128 are instructions, with osperf's own timer read (perf_gettime) inside each
# figure. Its clock is rtbench's timestamp counter, timer0 at 25 MHz (nuttx_osperf_timer.c):
# NuttX's reads the DWT cycle counter, which QEMU does not model.
#   NUTTX_PATH=... NUTTX_APPS_PATH=... scripts/nuttx_osperf.sh WORKDIR
# Set beside `rtbench run --target qemu-m7 --os nuttx`: task_switch (context-switch),
# sem_signal_wake (pthread-switch), sem_take (semwait), sem_give (sempost), task_create
# (pthread-create).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: NUTTX_PATH=... NUTTX_APPS_PATH=... $0 WORKDIR}
: "${NUTTX_PATH:?set NUTTX_PATH to an apache/nuttx tree}"
: "${NUTTX_APPS_PATH:?set NUTTX_APPS_PATH to the matching apache/nuttx-apps tree}"
mkdir -p "$work"
work=$(cd "$work" && pwd)
for tree in nuttx apps; do
    src=$NUTTX_PATH
    [ "$tree" = apps ] && src=$NUTTX_APPS_PATH
    if [ ! -f "$work/$tree/.rtb_copied" ]; then
        rm -rf "${work:?}/$tree"
        mkdir -p "$work/$tree"
        (cd "$src" && tar --exclude=./.git --exclude=./Documentation -cf - .) | tar -xf - -C "$work/$tree"
        : > "$work/$tree/.rtb_copied"
    fi
done
(cd "$NUTTX_PATH" && bash tools/version.sh "$work/nuttx/.version") > /dev/null 2>&1 || true

cd "$work/nuttx"
if [ ! -f .rtb_configured ]; then
    # What tools/configure.sh does, without its kconfig-frontends step (kconfiglib has no
    # kconfig-tweak): the board's defconfig and Make.defs, the apps tree beside the kernel's.
    cp boards/arm/mps/mps2-an500/configs/nsh/defconfig .config
    rm -f Make.defs
    cp boards/arm/mps/mps2-an500/scripts/Make.defs Make.defs
    cat >> .config <<'EOF'
CONFIG_APPS_DIR="../apps"
CONFIG_BENCHMARK_OSPERF=y
CONFIG_ARCH_PERF_EVENTS=y
CONFIG_PIPES=y
CONFIG_INIT_ENTRYPOINT="osperf_main"
CONFIG_USEC_PER_TICK=10000
CONFIG_RR_INTERVAL=0
CONFIG_NDEBUG=y
# CONFIG_DEBUG_FEATURES is not set
# CONFIG_DEBUG_ASSERTIONS is not set
# CONFIG_DEBUG_FULLOPT is not set
CONFIG_DEBUG_CUSTOMOPT=y
CONFIG_DEBUG_OPTLEVEL="-O2"
# CONFIG_STACK_COLORATION is not set
# CONFIG_FRAME_POINTER is not set
# CONFIG_SCHED_IRQMONITOR is not set
# CONFIG_SYSTEM_GPROF is not set
EOF
    make olddefconfig > "$work/olddefconfig.log" 2>&1
    make -j"${RTB_NUTTX_JOBS:-2}" > "$work/make.log" 2>&1 || { tail -20 "$work/make.log" >&2; exit 1; }
    : > .rtb_configured
fi
# osperf's clock on timer0 (nuttx_osperf_timer.c): NuttX's reads a cycle counter QEMU lacks.
timer_obj=$work/nuttx_osperf_timer.o
arm-none-eabi-gcc -mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard -O2 -ffreestanding \
    -isystem include -c "$here/nuttx_osperf_timer.c" -o "$timer_obj"
rm -f nuttx
make EXTRA_OBJS="$timer_obj" > "$work/link.log" 2>&1 || { tail -20 "$work/link.log" >&2; exit 1; }
grep -E '^CONFIG_(ARCH_PERF_EVENTS|PERF_OVERFLOW_CORRECTION|USEC_PER_TICK|RR_INTERVAL|NDEBUG|DEBUG_OPTLEVEL|INIT_ENTRYPOINT)=|DEBUG_ASSERTIONS' .config
# osperf runs each operation 100 times and prints a line per operation; then it returns and the
# machine idles: the timeout ends QEMU.
timeout "${RTB_OSPERF_SECONDS:-120}" qemu-system-arm -M mps2-an500 -cpu cortex-m7 \
    -icount shift=7,align=off,sleep=off -nographic -kernel nuttx < /dev/null > "$work/osperf.txt" 2>&1 || true
awk '/^[a-z-]+ +[0-9]+ +[0-9]+ +[0-9]+/ {
        printf "%-16s max %6.0f  min %6.0f  avg %6.0f instructions (ns / 128)\n", $1, $2 / 128, $3 / 128, $4 / 128
     }' "$work/osperf.txt"
