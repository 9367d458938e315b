#!/usr/bin/env bash
# Installs everything rtbench needs, idempotently: the cross toolchain and emulator, the native
# toolchain for the linux target and rt-tests' cyclictest for scripts/cyclictest_compare.py (Debian
# packages), the rtbench Python package with its test tools (pip), and the kernel sources that
# package registries carry (cargo). Safe to run again: it only installs what is missing.
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
  "addr2line:binutils"
  "cyclictest:rt-tests"
  "riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf"
  "verilator:verilator"
  "yosys:yosys"  # scripts/hwsched_cost.py: what the hardware scheduler adds to the SoC
  "stdbuf:coreutils"
)
missing=()
for pair in "${tools[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair##*:}")
done
# newlib has no command of its own
dpkg -s libnewlib-arm-none-eabi >/dev/null 2>&1 || missing+=("libnewlib-arm-none-eabi")
# Libraries without a command: the RISC-V C library and what the Verilator SoC model links.
for package in picolibc-riscv64-unknown-elf libevent-dev libjson-c-dev zlib1g-dev; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Python package (editable: the firmware sources stay in this checkout) with its pinned
# dependencies (plotly, numpy) and pytest.
installed_here() {
  python3 -I - <<'PY' 2>/dev/null
import importlib.metadata as md, json, pathlib, sys, tomllib
import pytest, ruff, mypy  # noqa: F401  (the test runner and the linters must be there too)
# Every dependency pinned in pyproject.toml, at its pinned version.
for pin in tomllib.loads(pathlib.Path("pyproject.toml").read_text())["project"]["dependencies"]:
    name, _, version = pin.partition("==")
    if md.version(name) != version:
        sys.exit(1)
url = json.loads(md.distribution("rtbench").read_text("direct_url.json") or "{}").get("url", "")
sys.exit(0 if url == pathlib.Path.cwd().resolve().as_uri() else 1)
PY
}
if ! installed_here; then
  say "installing the rtbench Python package"
  python3 -m pip install -q --disable-pip-version-check -e '.[test]'
fi

# The vexriscv-sim SoC's Python packages, pinned (pyproject.toml's "soc" extra).
soc_installed() {
  python3 -I - <<'PY' 2>/dev/null
import importlib.metadata as md, re, sys, tomllib
pins = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["soc"]
for pin in pins:
    name, version = pin.split("==")
    if md.version(name) != version:
        sys.exit(1)
PY
}
if ! soc_installed; then
  say "installing the SoC packages (LiteX, Migen, VexRiscv)"
  python3 -m pip install -q --disable-pip-version-check $(python3 -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["soc"]))')
fi

# Kernel sources from cargo's registry (checksum-verified; nothing is compiled here).
say "fetching kernel sources with cargo"
cargo fetch -q --manifest-path kernel-sources/Cargo.toml
say "ready"
