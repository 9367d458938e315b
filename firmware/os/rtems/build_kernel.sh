#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Builds RTEMS with its own waf (run by os.cmake): a copy of the user's tree (RTEMS's wscript
# runs in its tree and writes its build and caches there; the user's may be read-only), then
# `waf configure` with rtbench's BSP options, `waf` and `waf install` into WORK/install. WORK is
# shared by every image built from the same tree, options and toolchain (the application's
# configuration, e.g. the tick rate, is rtbench's own code, not the kernel's): the first build
# makes it, under a lock, and the others find it done.
#   build_kernel.sh TREE WORK CONFIG TOOLS STAMP
set -eu
tree=$1 work=$2 config=$3 tools=$4 stamp=$5
copy=$work/rtems
log=$work/waf.log
jobs=${RTB_RTEMS_JOBS:-2}

mkdir -p "$work"
exec 9> "$work/.lock"
flock 9
want=$(cat "$config"; echo "tree=$tree tools=$tools")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    exit 0
fi
rm -f "$stamp"
# The copy is made once per work folder; the tree's .git stays behind. RTEMS's version comes
# from a VERSION file (a release has one) or, in a git checkout, from its tag.
if [ ! -f "$copy/.rtb_copied" ]; then
    rm -rf "$copy"
    mkdir -p "$copy"
    (cd "$tree" && tar --exclude=./.git --exclude=./build -cf - .) | tar -xf - -C "$copy"
    if [ ! -f "$copy/VERSION" ] && version=$(git -C "$tree" describe --tags --exact-match 2>/dev/null); then
        printf '[version]\nrevision = %s\n' "$version" > "$copy/VERSION"
    fi
    : > "$copy/.rtb_copied"
fi
cp "$config" "$work/config.ini"
: > "$log"
# waf asks git for a version label: the copy is no repository, and must not be taken for the
# one it may lie in (a workspace inside a checkout).
export GIT_CEILING_DIRECTORIES="$work"
cd "$copy"
rm -rf build
python3 ./waf configure --rtems-config="$work/config.ini" --rtems-tools="$tools/.." --prefix="$work/install" \
    >> "$log" 2>&1 || { tail -20 "$log" >&2; exit 1; }
python3 ./waf -j"$jobs" >> "$log" 2>&1 || { grep -E "error|Error" "$log" | head -20 >&2; exit 1; }
rm -rf "$work/install"
python3 ./waf install >> "$log" 2>&1 || { tail -20 "$log" >&2; exit 1; }
printf '%s\n' "$want" > "$stamp"
