#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Builds NuttX with its own make and Kconfig (run by os.cmake): a copy of the user's tree in the
# build directory (NuttX builds inside its tree), configured from the resolved defconfig with
# rtbench's board (mps2/), then `make pass2`, which builds the kernel's libraries and links
# nothing; they are joined into one archive, librtb_kernel.a, that rtbench's image links.
#   build_kernel.sh TREE WORK DEFCONFIG BOARD AR OUTPUT
set -eu
tree=$1 work=$2 defconfig=$3 board=$4 ar=$5 output=$6
copy=$work/nuttx
log=$work/make.log
jobs=${RTB_NUTTX_JOBS:-2}

# The copy is made once per build directory; the tree's .git and documentation stay behind.
if [ ! -f "$copy/.rtb_copied" ]; then
    rm -rf "$copy"
    mkdir -p "$copy"
    (cd "$tree" && tar --exclude=./.git --exclude=./Documentation -cf - .) | tar -xf - -C "$copy"
    : > "$copy/.rtb_copied"
fi
# The version, as NuttX's make derives it from git (tools/version.sh): the copy has no .git.
if [ -d "$tree/.git" ] || [ -f "$tree/.git" ]; then
    if (cd "$tree" && bash tools/version.sh "$work/version") > /dev/null 2>&1 &&
        ! cmp -s "$work/version" "$copy/.version"; then
        cp "$work/version" "$copy/.version"
    fi
fi
# rtbench's board, copied beside the tree: NuttX's make writes into the board's folder (its
# dependency files), and rtbench's own folder stays untouched (and may be read-only).
if ! diff -r -x .depend -x Make.dep "$board" "$work/board" > /dev/null 2>&1; then
    rm -rf "$work/board"
    cp -R "$board" "$work/board"
    find "$work/board" -name .depend -o -name Make.dep | xargs rm -f
fi
# NuttX's Kconfig sources the applications' Kconfig: rtbench is the only application, and
# brings none of nuttx-apps (the tree's Makefile builds no apps without a Makefile there).
mkdir -p "$work/apps"
echo "# rtbench is the application: no NuttX apps" > "$work/apps/Kconfig"

: > "$log"
if ! cmp -s "$defconfig" "$copy/.rtb_defconfig"; then
    cp "$work/board/scripts/Make.defs" "$copy/Make.defs"
    cp "$defconfig" "$copy/.config"
    make -C "$copy" olddefconfig >> "$log" 2>&1 || { tail -20 "$log" >&2; exit 1; }
    # Objects of an earlier configuration must not survive into this one.
    [ ! -f "$copy/.rtb_defconfig" ] || make -C "$copy" clean >> "$log" 2>&1
    cp "$defconfig" "$copy/.rtb_defconfig"
fi
make -C "$copy" -j"$jobs" pass2 >> "$log" 2>&1 || { grep -E "error|Error" "$log" | head -20 >&2; exit 1; }

# One archive, members in a fixed order and with no dates (ar D), so that two builds are identical.
objs=$work/objects
rm -rf "$objs" "$output.tmp"
mkdir -p "$objs"
for lib in $(cd "$copy/staging" && ls *.a | LC_ALL=C sort); do
    mkdir -p "$objs/${lib%.a}"
    (cd "$objs/${lib%.a}" && "$ar" x "$copy/staging/$lib")
done
(cd "$objs" && find . -name '*.o' | LC_ALL=C sort | xargs "$ar" qcD "$output.tmp")
"$ar" sD "$output.tmp"
mv "$output.tmp" "$output"
