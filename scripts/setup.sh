#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Installs everything rtbench needs, idempotently: the cross toolchain and emulator, the native
# toolchain for the linux target and rt-tests' cyclictest for scripts/cyclictest_compare.py (Debian
# packages), the rtbench Python package with its test tools and the documentation tools (pip),
# and the kernel sources that package registries carry (cargo). Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# command -> Debian package
tools=(
  "arm-none-eabi-gcc:gcc-arm-none-eabi"
  "qemu-system-arm:qemu-system-arm"
  "cmake:cmake"
  "ninja:ninja-build"
  "cargo:cargo"
  "chromium:chromium"
  "gcc:gcc"
  "g++:g++"  # the Verilator model of vexriscv-sim
  "make:make"  # Verilator's generated makefiles
  "git:git"  # the manifest's commits (rtbench's, and a kernel tree's)
  "addr2line:binutils"
  "cyclictest:rt-tests"
  "riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf"
  "verilator:verilator"
  "yosys:yosys"  # scripts/hwsched_cost.py: what the hardware scheduler adds to the SoC
  "spatch:coccinelle"  # --os freertos-codesign: rtbench's semantic patches on a copy of the kernel
  "stdbuf:coreutils"
  "arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf"  # qemu-a9 --os linux-rt: the static /init
  "dpkg-deb:dpkg"
)
missing=()
for pair in "${tools[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair##*:}")
done
# newlib has no command of its own
dpkg -s libnewlib-arm-none-eabi >/dev/null 2>&1 || missing+=("libnewlib-arm-none-eabi")
# Libraries without a command: the RISC-V C library, what the Verilator SoC model links, the
# native C library's headers, and armhf glibc for the Linux guest's static /init (the cross
# compiler only recommends it, and recommendations are not installed here).
for package in picolibc-riscv64-unknown-elf libevent-dev libjson-c-dev zlib1g-dev libc6-dev libc6-dev-armhf-cross; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
# qemu-a9 --os linux-rt boots Debian's armhf PREEMPT_RT kernel package: apt must know armhf.
armhf_added=0
if ! dpkg --print-foreign-architectures | grep -qx armhf; then
  say "adding the armhf architecture to dpkg (for Debian's PREEMPT_RT armmp kernel package)"
  as_root dpkg --add-architecture armhf
  armhf_added=1
fi
if [ "${#missing[@]}" -gt 0 ] || [ "$armhf_added" -eq 1 ]; then
  [ "${#missing[@]}" -gt 0 ] && say "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq || say "apt-get update reported errors (a mirror may be syncing); going on"
fi
if [ "${#missing[@]}" -gt 0 ]; then
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The requirements of pyproject.toml (base: dependencies and test tools; or an extra) that the
# installed versions do not satisfy, on one line; nothing when all are met. A failed check counts
# as unmet, so the packages are (re)installed.
unmet() {
  python3 -I scripts/unmet_requirements.py "$1" 2>/dev/null || echo "the installed versions (the check failed)"
}

# The Python package, editable (the firmware sources stay in this checkout), with its
# dependencies and test tools. Installed when it is not this checkout's editable install, or when
# a requirement is not met.
editable_here() {
  python3 -I - <<'PY' 2>/dev/null
import importlib.metadata as md, json, pathlib, sys
url = json.loads(md.distribution("rtbench").read_text("direct_url.json") or "{}").get("url", "")
sys.exit(0 if url == pathlib.Path.cwd().resolve().as_uri() else 1)
PY
}
needs=$(unmet base)$(unmet campaign)$(unmet changepoints)
if [ -n "$needs" ] || ! editable_here; then
  say "installing the rtbench Python package${needs:+ (needs $needs)}"
  python3 -m pip install -q --disable-pip-version-check -e '.[test,board,campaign,changepoints]'
fi

# The vexriscv-sim SoC's Python packages (pyproject.toml's "soc" extra).
needs=$(unmet soc)
if [ -n "$needs" ]; then
  say "installing the SoC packages (LiteX, Migen, VexRiscv): needs $needs"
  mapfile -t soc < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["soc"]))')
  python3 -m pip install -q --disable-pip-version-check "${soc[@]}"
fi

# The soft-core's Minerva CPU (pyproject.toml's "minerva" extra), and amaranth-soc, which it imports
# and no registry serves: from a copy beside the checkout (../shared/python/amaranth-soc, or
# $RTBENCH_AMARANTH_SOC; a copy has no git history, so its version is given), else from its git
# repository at the commit rtbench was tested with.
needs=$(unmet minerva)
if [ -n "$needs" ]; then
  say "installing the Minerva CPU's generator (Amaranth, pythondata-cpu-minerva): needs $needs"
  mapfile -t minerva < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["minerva"]))')
  python3 -m pip install -q --disable-pip-version-check "${minerva[@]}"
fi
if ! python3 -c 'import amaranth_soc.wishbone' >/dev/null 2>&1; then
  amaranth_soc=${RTBENCH_AMARANTH_SOC:-../shared/python/amaranth-soc}
  if [ -f "$amaranth_soc/pyproject.toml" ]; then
    say "installing amaranth-soc from $amaranth_soc"
    PDM_BUILD_SCM_VERSION=0.1.dev0 python3 -m pip install -q --disable-pip-version-check "$amaranth_soc"
  else
    say "installing amaranth-soc from its git repository"
    python3 -m pip install -q --disable-pip-version-check \
      "amaranth-soc @ git+https://github.com/amaranth-lang/amaranth-soc@3e3d8b7241c1c7e80e0cd12937d288d0ad4a6cba"
  fi
fi

# The soft-core's CV32E40P CPU (pyproject.toml's "cv32e40p" extra: pythondata-cpu-cv32e40p).
needs=$(unmet cv32e40p)
if [ -n "$needs" ]; then
  say "installing the CV32E40P CPU's sources (pythondata-cpu-cv32e40p): needs $needs"
  mapfile -t cv32e40p < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["cv32e40p"]))')
  python3 -m pip install -q --disable-pip-version-check "${cv32e40p[@]}"
fi

# NuttX's Kconfig tools (pyproject.toml's "nuttx" extra), when a NuttX tree is given.
if [ -n "${NUTTX_PATH:-}" ]; then
  needs=$(unmet nuttx)
  if [ -n "$needs" ]; then
    say "installing NuttX's Kconfig tools (kconfiglib): needs $needs"
    mapfile -t nuttx < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["nuttx"]))')
    python3 -m pip install -q --disable-pip-version-check "${nuttx[@]}"
  fi
fi

# The documentation site's tools, MkDocs and its Material theme (pyproject.toml's "docs" extra).
needs=$(unmet docs)
if [ -n "$needs" ]; then
  say "installing the documentation tools (MkDocs, Material): needs $needs"
  mapfile -t docs < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["docs"]))')
  python3 -m pip install -q --disable-pip-version-check "${docs[@]}"
fi

# Kernel sources from cargo's registry (checksum-verified; nothing is compiled here).
say "fetching kernel sources with cargo"
cargo fetch -q --manifest-path kernel-sources/Cargo.toml

# The PREEMPT_RT guest kernel (apt-get download of its .deb into ~/.cache/rtbench/debian, checked
# against apt's SHA256; only when it is not there yet).
say "checking the linux-rt guest kernel package"
python3 -m rtbench.acquire.guest_kernel fetch >/dev/null

# rtbench's QEMU plugin (rtbench bisect's per-function attribution): built with the host's gcc into
# ~/.cache/rtbench/qemu-plugin, once per content of its source.
say "building rtbench's QEMU plugin"
python3 -m rtbench.acquire.qemu_plugin install >/dev/null

# Every target and kernel of the default set must now build: rtbench doctor compiles and links
# with each toolchain. Its report names what is still missing.
if ! report=$(python3 -m rtbench doctor 2>&1); then
  printf '%s\n' "$report" >&2
  say "not ready: the doctor's report above names what is missing"
  exit 1
fi
say "ready"
