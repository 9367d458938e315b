#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Builds the RTEMS 6 C and C++ toolchain (arm-rtems6, or riscv-rtems6) from Debian's source packages:
# binutils, GCC 13 (the version RTEMS 6 is released with) and newlib, from Debian trixie's
# binutils-source, gcc-13-source and newlib-source. Nothing is installed system-wide: the
# packages come through a private apt configuration, the toolchain goes to $RTEMS_TOOLS.
#
#   scripts/rtems_toolchain.sh                 # arm-rtems6 into $RTEMS_TOOLS (default .rtbench/rtems-tools)
#   scripts/rtems_toolchain.sh --arch riscv    # riscv-rtems6
#   scripts/rtems_toolchain.sh --multilib bsp  # arm: only the libraries of rtbench's BSP (realview_pbx_a9_qemu)
#   scripts/rtems_toolchain.sh --check         # only the check: compile and link for the BSPs' CPUs
#
# RTEMS's multilibs (--multilib all, the default) build newlib and libgcc 14 times for arm;
# --multilib bsp builds them once, for the ABI of the BSP rtbench runs (Thumb-2, NEON, hard float:
# armv7-a), which is all rtbench and RTEMS's timing tests need, in a fraction of the time.
#
# Once: a toolchain already built (its stamp names the same sources) is checked, not rebuilt.
# Each step's log is in $RTEMS_TOOLS/build/<arch>/logs. The host needs gcc, g++, make and the GMP,
# MPFR and MPC headers, flex and bison (scripts/setup.sh --part rtems installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

arch=arm
check_only=0
multilib=all
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch="${2:-}"; shift 2 ;;
    --multilib) multilib="${2:-}"; shift 2 ;;
    --check) check_only=1; shift ;;
    -h|--help) sed -n '4,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "rtems_toolchain: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$arch" in
  arm|riscv) ;;
  *) echo "rtems_toolchain: --arch is arm or riscv, not '$arch'" >&2; exit 2 ;;
esac
case "$arch/$multilib" in
  */all) multilib_options=() ;;
  # The realview_pbx_a9_qemu BSP's ABI as the compiler's default, and no other libraries.
  arm/bsp) multilib_options=(--disable-multilib --with-arch=armv7-a --with-fpu=neon --with-float=hard --with-mode=thumb) ;;
  *) echo "rtems_toolchain: --multilib is all, or bsp for --arch arm, not '$multilib'" >&2; exit 2 ;;
esac
target="$arch-rtems6"
tools="${RTEMS_TOOLS:-${RTBENCH_HOME:-.rtbench}/rtems-tools}"
mkdir -p "$tools"
tools="$(cd "$tools" && pwd)"
work="$tools/build/$arch"
logs="$work/logs"
mkdir -p "$logs"
# The Debian release and packages the sources come from (trixie: GCC 13.3, as RTEMS 6.1).
release=trixie
packages=(binutils-source gcc-13-source newlib-source)
jobs="$(nproc)"
started=$(date +%s)

say() { printf 'rtems_toolchain: [%4ss] %s\n' "$(( $(date +%s) - started ))" "$*" >&2; }
step() {  # step NAME COMMAND...: runs with its output in the log, names the log when it fails
  local name="$1"; shift
  say "$name"
  if ! "$@" >"$logs/$name.log" 2>&1; then
    say "$name failed; the last lines of $logs/$name.log:"
    tail -n 25 "$logs/$name.log" >&2
    exit 1
  fi
}

probe() {  # compiles and links a program for each CPU the BSPs rtbench uses are built for
  local flags
  if [ "$arch" = arm ] && [ "$multilib" = bsp ]; then
    flags=("-march=armv7-a -mthumb -mfpu=neon -mfloat-abi=hard")
  elif [ "$arch" = arm ]; then
    flags=("-mcpu=cortex-m3 -mthumb" "-mcpu=cortex-a9 -mfpu=neon -mfloat-abi=hard")
  else
    flags=("-march=rv32imac -mabi=ilp32" "-march=rv32i -mabi=ilp32")
  fi
  local probe_dir="$work/probe"
  mkdir -p "$probe_dir"
  printf '#include <stdio.h>\n#include <string.h>\nint main(void) { char b[8]; snprintf(b, sizeof b, "%%d", 42); return (int)strlen(b); }\n' \
    > "$probe_dir/probe.c"
  local f
  for f in "${flags[@]}"; do
    # shellcheck disable=SC2086
    if ! "$tools/bin/$target-gcc" $f -O2 "$probe_dir/probe.c" -o "$probe_dir/probe.elf" \
         -nostartfiles -Wl,--entry=main -Wl,--unresolved-symbols=ignore-all >"$logs/probe.log" 2>&1; then
      say "the toolchain does not compile and link for $f: $(tail -n 3 "$logs/probe.log" | tr '\n' ' ')"
      return 1
    fi
    say "compiles and links for $f (multilib $("$tools/bin/$target-gcc" $f -print-multi-directory))"
  done
}

if [ "$check_only" -eq 1 ]; then
  probe
  exit $?
fi

# --- the sources: Debian's source packages, through a private apt configuration -----------------
apt_dir="$tools/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$tools/debs"
echo "deb http://deb.debian.org/debian $release main" > "$apt_dir/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/none"
          -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "APT::Architectures::=amd64"
          -o "APT::Sandbox::User=root")
versions=""
for package in "${packages[@]}"; do
  version=$(apt-cache "${apt_opts[@]}" show "$package" 2>/dev/null | awk '/^Version:/{print $2; exit}' || true)
  if [ -z "$version" ]; then
    step "apt-update" apt-get "${apt_opts[@]}" update
    version=$(apt-cache "${apt_opts[@]}" show "$package" | awk '/^Version:/{print $2; exit}')
  fi
  versions="$versions $package=$version"
done
[ "$multilib" = all ] || versions="$versions multilib=$multilib"
# A toolchain of an earlier version of this script (C alone) is built again.
versions="$versions languages=c,c++"
stamp="$tools/$target.stamp"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$versions" ] && [ -x "$tools/bin/$target-gcc" ]; then
  say "$target is built from$versions; checking it"
  probe
  exit $?
fi
say "building $target into $tools from Debian $release's$versions ($jobs jobs)"
(cd "$tools/debs" && step "download" apt-get "${apt_opts[@]}" download "${packages[@]}")
src="$work/src"
rm -rf "$src"
mkdir -p "$src"
for deb in "$tools"/debs/*.deb; do
  dpkg-deb -x "$deb" "$src/deb"
done
for tarball in "$src"/deb/usr/src/*/*.tar.*; do
  step "unpack-$(basename "$tarball" | sed 's/\.tar\..*//')" tar -C "$src" -xf "$tarball"
done
binutils_src=$(ls -d "$src"/binutils-*/)
gcc_src=$(ls -d "$src"/gcc-*/)
newlib_src=$(ls -d "$src"/newlib-*/)
# GCC builds newlib in its tree (one pass, as RTEMS's own source builder does).
ln -s "$newlib_src/newlib" "$gcc_src/newlib"

rm -rf "$work/binutils" "$work/gcc"
mkdir -p "$work/binutils" "$work/gcc"
# Binutils installed by an earlier run that stopped in GCC's build are kept (the same version).
binutils_version=${versions#*binutils-source=}
binutils_version=${binutils_version%%-*}
installed_ld=$("$tools/bin/$target-ld" --version 2>/dev/null | sed -n 1p || true)
if [ "${installed_ld##* }" = "$binutils_version" ]; then
  say "binutils $binutils_version is installed in $tools: kept"
else
  step "binutils-configure" bash -c "cd '$work/binutils' && '$binutils_src/configure' --target=$target \
    --prefix='$tools' --disable-nls --disable-werror --disable-gdb --disable-gdbserver --disable-sim \
    --disable-gprofng --without-zstd"
  step "binutils-make" make -C "$work/binutils" -j"$jobs" MAKEINFO=true
  step "binutils-install" make -C "$work/binutils" install MAKEINFO=true
fi
export PATH="$tools/bin:$PATH"
# C and C++: rtbench and RTEMS's timing tests are C, but RTEMS's waf needs g++ (it always builds
# librtemscxx, with libstdc++'s headers). Newlib as RTEMS configures it. The compiler itself is
# built without debug information (-O2 alone): a third less to compile, and nobody debugs it here.
step "gcc-configure" bash -c "cd '$work/gcc' && CFLAGS=-O2 CXXFLAGS=-O2 '$gcc_src/configure' --target=$target \
  --prefix='$tools' --with-gnu-as --with-gnu-ld --with-newlib --disable-nls --disable-lto --disable-plugin \
  --disable-libssp --disable-libstdcxx-pch --enable-threads --enable-languages=c,c++ --enable-version-specific-runtime-libs \
  --enable-newlib-io-c99-format --enable-newlib-iconv --without-included-gettext --with-system-zlib ${multilib_options[*]}"
step "gcc-make" make -C "$work/gcc" -j"$jobs" MAKEINFO=true
# Debian's GCC source leaves out the manuals (DFSG): the install would regenerate the hooks'
# chapter (s-tm-texi) from them and stop. The compiler does not need it.
touch "$work/gcc/gcc/s-tm-texi"
step "gcc-install" make -C "$work/gcc" install MAKEINFO=true
rm -rf "$src" "$work/binutils" "$work/gcc"
echo "$versions" > "$stamp"
say "$target built: $("$tools/bin/$target-gcc" --version | head -n 1)"
probe
say "done in $(( $(date +%s) - started )) s; use it with RTEMS_TOOLS=$tools"
