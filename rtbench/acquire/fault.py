# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Turns a guest FAULT record into a message a person can act on: Cortex-M fault status
registers decoded bit by bit; RISC-V faults (kind "riscv_exception") with mcause in the cfsr
field and mtval in the hfsr field; or, for an image that runs as a process, the POSIX signal."""
from __future__ import annotations

import subprocess
from pathlib import Path

from .elf import ElfError, Section
from .elf import sections as elf_sections

# Configurable Fault Status Register (MemManage byte, BusFault byte, UsageFault halfword).
CFSR_BITS: dict[int, tuple[str, str]] = {
    0: ("IACCVIOL", "instruction fetch from a protected or no-execute region"),
    1: ("DACCVIOL", "data access to a protected region"),
    3: ("MUNSTKERR", "MemManage fault unstacking on exception return"),
    4: ("MSTKERR", "MemManage fault stacking on exception entry"),
    7: ("MMARVALID", "MMFAR holds the faulting address"),
    8: ("IBUSERR", "bus error on instruction fetch"),
    9: ("PRECISERR", "precise data bus error"),
    10: ("IMPRECISERR", "imprecise data bus error; the stacked pc may be past the culprit"),
    11: ("UNSTKERR", "bus error unstacking on exception return"),
    12: ("STKERR", "bus error stacking on exception entry"),
    15: ("BFARVALID", "BFAR holds the faulting address"),
    16: ("UNDEFINSTR", "undefined instruction"),
    17: ("INVSTATE", "invalid execution state, e.g. a branch to an address without the Thumb bit"),
    18: ("INVPC", "invalid exception return value"),
    19: ("NOCP", "coprocessor instruction with no coprocessor"),
    24: ("UNALIGNED", "unaligned memory access"),
    25: ("DIVBYZERO", "integer division by zero"),
}
HFSR_BITS: dict[int, tuple[str, str]] = {
    1: ("VECTTBL", "bus error reading the vector table"),
    30: ("FORCED", "escalated to HardFault"),
    31: ("DEBUGEVT", "debug event"),
}
# FAULT kinds a process reports: the signal that stopped it (no fault status registers).
SIGNALS: dict[str, str] = {
    "SIGILL": "illegal instruction (e.g. a trap)",
    "SIGSEGV": "invalid memory access",
    "SIGBUS": "bus error (misaligned or unmapped access)",
    "SIGFPE": "arithmetic exception (e.g. integer division by zero)",
}
# RISC-V mcause exception codes (interrupt bit clear).
RISCV_CAUSES: dict[int, tuple[str, str]] = {
    0: ("INSTR_MISALIGNED", "instruction address misaligned"),
    1: ("INSTR_ACCESS", "instruction access fault"),
    2: ("ILLEGAL_INSTR", "illegal instruction (mtval holds it)"),
    3: ("BREAKPOINT", "ebreak, e.g. __builtin_trap() or a failed assert"),
    4: ("LOAD_MISALIGNED", "load address misaligned (mtval holds the address)"),
    5: ("LOAD_ACCESS", "load access fault (mtval holds the address)"),
    6: ("STORE_MISALIGNED", "store address misaligned (mtval holds the address)"),
    7: ("STORE_ACCESS", "store access fault (mtval holds the address)"),
    8: ("ECALL_U", "environment call from U-mode"),
    11: ("ECALL_M", "environment call from M-mode"),
}
RISCV_KIND = "riscv_exception"
_EBREAK = 0x00100073
_MMARVALID = 1 << 7
_BFARVALID = 1 << 15
# EXC_RETURN and other values in this range are not code addresses worth looking up.
_NOT_CODE = 0xF0000000


def _decode(value: int, bits: dict[int, tuple[str, str]]) -> list[str]:
    return [f"{name} ({meaning})" for bit, (name, meaning) in sorted(bits.items())
            if value & (1 << bit)]


def decode_cfsr(cfsr: int) -> list[str]:
    """The set CFSR bits, each as "NAME (meaning)", lowest bit first."""
    return _decode(cfsr, CFSR_BITS)


def decode_hfsr(hfsr: int) -> list[str]:
    """The set HFSR bits, each as "NAME (meaning)", lowest bit first."""
    return _decode(hfsr, HFSR_BITS)


def _relative(path: str) -> str:
    """A source path without the machine-specific part, so reports do not leak it."""
    path = path.replace("\\", "/")
    marker = "/firmware/"
    if marker in path:
        return path.rsplit(marker, 1)[1]
    # Outside our tree (kernel sources, libc): the file name alone still says where.
    return path.rsplit("/", 1)[-1] if path.startswith("/") or path[1:3] == ":/" else path


def locate(address: int, elf: Path, addr2line: str) -> str | None:
    """ "function at file:line" for a code address, or None when addr2line cannot say."""
    try:
        proc = subprocess.run([addr2line, "-f", "-C", "-e", str(elf), f"0x{address & ~1:x}"],
                              capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = proc.stdout.splitlines()
    if proc.returncode != 0 or len(lines) < 2:
        return None
    function = lines[0].strip()
    # "file:line (discriminator N)": the discriminator means nothing to a reader.
    where = lines[1].split(" (discriminator", 1)[0].strip()
    known_function = function not in ("", "??")
    known_where = not where.startswith("??")
    if known_function and known_where:
        return f"{function} at {_relative(where)}"
    if known_function:
        return function
    return f"?? at {_relative(where)}" if known_where else None


def _register(fields: dict[str, str], name: str) -> int | None:
    try:
        return int(str(fields.get(name, "")).strip(), 16) & 0xFFFFFFFF
    except ValueError:
        return None


def _raw(fields: dict[str, str]) -> str:
    return "fault: " + " ".join(f"{k}={v}" for k, v in fields.items())


def describe_fault(fields: dict[str, str], elf: Path | None = None,
                   addr2line: str | None = None) -> str:
    """One readable line for a FAULT record; never raises (falls back to the raw fields)."""
    try:
        return _describe(fields, elf, addr2line)
    except Exception:  # noqa: BLE001 (a damaged record must still produce a message, not a traceback)
        try:
            return _raw(dict(fields))
        except Exception:  # noqa: BLE001
            return "fault: unreadable record"


def decode_mcause(mcause: int) -> str:
    """A RISC-V mcause as "NAME (meaning)"."""
    if mcause & 0x80000000:
        return f"INTERRUPT {mcause & 0x7FFFFFFF} (an interrupt nobody handled)"
    name, meaning = RISCV_CAUSES.get(mcause, (f"CAUSE_{mcause}", "reserved or custom exception code"))
    return f"{name} ({meaning})"


def _code_sections(elf: Path | None) -> list[Section] | None:
    """The image's executable sections, or None when they cannot be read (then every value is tried)."""
    if elf is None:
        return None
    try:
        return [section for section in elf_sections(elf) if section.executable]
    except ElfError:
        return None


def _describe(fields: dict[str, str], elf: Path | None, addr2line: str | None) -> str:
    code = _code_sections(elf)

    def in_code(value: int) -> bool:
        # A register can hold a data address (e.g. lr after inlining): naming the nearest
        # symbol there would mislead.
        return value < _NOT_CODE and (code is None or any(s.holds(value & ~1) for s in code))

    def code_address(name: str) -> str:
        value = _register(fields, name)
        if value is None:
            return f"{name} {fields.get(name, '?')}"
        text = f"{name} 0x{value:08x}"
        if elf is not None and addr2line and in_code(value):
            where = locate(value, elf, addr2line)
            if where:
                text += f" ({where})"
        return text

    kind = str(fields.get("kind", "")).strip() or "fault"
    if kind in SIGNALS:
        parts = [code_address("pc")]
        if _register(fields, "lr"):  # 0 where the architecture has no link register
            parts.append(code_address("lr"))
        return f"{kind} ({SIGNALS[kind]}) at {', '.join(parts)}"
    parts = [code_address("pc"), code_address("lr")]
    if kind == RISCV_KIND:
        parts = [code_address("pc")]
        mcause, mtval = _register(fields, "cfsr"), _register(fields, "hfsr")
        cause = decode_mcause(mcause) if mcause is not None else f"mcause {fields.get('cfsr', '?')}"
        if mcause == 2 and mtval == _EBREAK:
            cause += "; the instruction is ebreak (__builtin_trap() or a failed assert) on a CPU without a debug unit"
        mstatus = _register(fields, "psr")
        extra = [f"mstatus 0x{mstatus:08x}"] if mstatus is not None else []
        if mtval is not None:
            extra.append(f"mtval 0x{mtval:08x}")
        return f"{kind} at {', '.join(parts + extra)}: {cause}"
    psr = _register(fields, "psr")
    if psr is not None:
        parts.append(f"psr 0x{psr:08x}")
    cfsr = _register(fields, "cfsr")
    hfsr = _register(fields, "hfsr")
    # The address registers hold stale values unless their VALID bit says otherwise.
    for valid, name in ((_MMARVALID, "mmfar"), (_BFARVALID, "bfar")):
        address = _register(fields, name)
        if cfsr is not None and cfsr & valid and address is not None:
            parts.append(f"{name} 0x{address:08x}")
    status: list[str] = []
    status.extend(decode_cfsr(cfsr) if cfsr is not None else [f"cfsr {fields.get('cfsr', '?')}"])
    status.extend(decode_hfsr(hfsr) if hfsr is not None else [f"hfsr {fields.get('hfsr', '?')}"])
    head = f"{kind} at {', '.join(parts)}"
    return f"{head}: {'; '.join(status) if status else 'no fault status bits set'}"
