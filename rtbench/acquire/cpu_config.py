# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""CPU variants that carry their own settings: `minerva:icache=2K:dcache=1K` names the Minerva
core with a 2 KiB instruction cache and a 1 KiB data cache. Colons separate a variant's settings
(commas separate variants on the command line). Every setting is checked here, before anything
is built, against what the core can generate. CV32E40P and Hazard3 have no caches; they take
`isa` (what the image is compiled for: cv32e40p:isa=rv32imc, hazard3:isa=rv32i) and `bus` (how
the core reaches main RAM: `sram`, zero wait states on its own ports, or `wishbone`, through
the SoC's bus as the other CPUs). The hardware of a variant is its name without `isa`: the
variants that differ only in it run on one simulation model."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import RtbenchError

# The configurable CPUs and the settings each takes.
CONFIGURABLE = ("minerva", "cv32e40p", "hazard3")
_CACHES = ("icache", "dcache")
# The CPUs with a choice of ISA and memory path instead of caches: each setting's values, the
# default first. Hazard3's `rp2350` is the RP2350's ISA as far as the compiler builds it
# (rv32imac + Zba, Zbb, Zbkb: firmware/targets/vexriscv-sim/target.cmake says why not Zbs, Zcb, Zcmp).
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "cv32e40p": {"isa": ("rv32i", "rv32imc"), "bus": ("sram", "wishbone")},
    "hazard3": {"isa": ("rp2350", "rv32imac", "rv32i"), "bus": ("sram", "wishbone")},
}
_CHOICE_KEYS = ("isa", "bus")
WAYS = (1, 2)  # Minerva's caches are direct-mapped or 2-way
LINE_BYTES = (16, 32, 64)  # 4, 8 or 16 words a line
MAX_CACHE_BYTES = 64 * 1024
DEFAULT_WAYS = 1
DEFAULT_LINE = 16
_SIZE = re.compile(r"^(\d+)\s*(K|KB|KIB|B)?$", re.IGNORECASE)
_EXAMPLE = "e.g. minerva:icache=2K:dcache=1K, minerva:icache=8K:icache_ways=2:icache_line=32"


@dataclass(frozen=True)
class Cache:
    size: int  # bytes
    ways: int = DEFAULT_WAYS
    line: int = DEFAULT_LINE  # bytes

    @property
    def lines(self) -> int:
        """Lines per way (Minerva's nlines)."""
        return self.size // (self.ways * self.line)

    def describe(self) -> str:
        mapping = "direct-mapped" if self.ways == 1 else f"{self.ways}-way"
        size = f"{self.size // 1024} KiB" if self.size % 1024 == 0 else f"{self.size} bytes"
        return f"{size} ({mapping}, {self.line}-byte lines)"

    def as_dict(self) -> dict[str, int]:
        return {"bytes": self.size, "ways": self.ways, "line_bytes": self.line, "lines_per_way": self.lines}


@dataclass(frozen=True)
class CpuConfig:
    cpu: str
    icache: Cache | None = None
    dcache: Cache | None = None
    isa: str | None = None  # CHOICES' CPUs: always set (their default when not given)
    bus: str | None = None

    @property
    def name(self) -> str:
        """The canonical variant name: settings in a fixed order, defaults left out."""
        return self._name(with_isa=True)

    @property
    def hardware(self) -> str:
        """The name of the hardware it runs on: the name without the ISA the image is built for."""
        return self._name(with_isa=False)

    @property
    def isa_define(self) -> str | None:
        """The image's definition for a non-default ISA (RTB_ISA_RV32IMC), else None."""
        if self.isa is None or self.isa == CHOICES[self.cpu]["isa"][0]:
            return None
        return f"RTB_ISA_{self.isa.upper()}"

    def _name(self, with_isa: bool) -> str:
        parts = [self.cpu]
        for kind in _CACHES:
            cache = getattr(self, kind)
            if cache is None:
                continue
            parts.append(f"{kind}={_size_text(cache.size)}")
            if cache.ways != DEFAULT_WAYS:
                parts.append(f"{kind}_ways={cache.ways}")
            if cache.line != DEFAULT_LINE:
                parts.append(f"{kind}_line={cache.line}")
        for key in _CHOICE_KEYS:
            value = getattr(self, key)
            if value is not None and value != CHOICES[self.cpu][key][0] and (with_isa or key != "isa"):
                parts.append(f"{key}={value}")
        return ":".join(parts)

    def describe(self) -> str:
        """The caches in words, for the manifest and `rtbench list`."""
        caches = [f"{getattr(self, k).describe()} {k[0].upper()}-cache" for k in _CACHES if getattr(self, k)]
        return ", ".join(caches) if caches else "none"

    def as_dict(self) -> dict[str, object]:
        described: dict[str, object] = {"cpu": self.cpu}
        described.update({k: (getattr(self, k).as_dict() if getattr(self, k) else None) for k in _CACHES})
        described.update({k: getattr(self, k) for k in _CHOICE_KEYS if getattr(self, k) is not None})
        return described


def _size_text(size: int) -> str:
    return f"{size // 1024}K" if size % 1024 == 0 else str(size)


def _bad(variant: str, why: str) -> RtbenchError:
    return RtbenchError(f"CPU variant '{variant}': {why}",
                        f"cache sizes are powers of two up to 64K, ways 1 or 2, lines of 16, 32 or 64 bytes "
                        f"({_EXAMPLE})")


def _size(variant: str, key: str, text: str) -> int:
    match = _SIZE.match(text.strip())
    if not match:
        raise _bad(variant, f"{key}={text} is not a size (write 2K, 1K, 512 or 0)")
    size = int(match.group(1)) * (1024 if (match.group(2) or "B").upper() != "B" else 1)
    if size and (size & (size - 1) or size > MAX_CACHE_BYTES):
        raise _bad(variant, f"{key}={text} is not a power of two up to 64K")
    return size


def _number(variant: str, key: str, text: str, allowed: tuple[int, ...]) -> int:
    if not text.strip().isdigit() or int(text) not in allowed:
        raise _bad(variant, f"{key}={text}: {key} is one of {', '.join(map(str, allowed))}")
    return int(text)


def _settings(variant: str, settings: list[str], known: list[str]) -> dict[str, str]:
    """KEY=VALUE settings, each known and given once."""
    values: dict[str, str] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        key = key.strip().lower()
        if not sep or not key or not value.strip():
            raise _bad(variant, f"'{setting}' is not KEY=VALUE")
        if key not in known:
            raise _bad(variant, f"unknown setting '{key}' (settings: {', '.join(known)})")
        if key in values:
            raise _bad(variant, f"{key} is set twice")
        values[key] = value.strip()
    return values


def _choices(variant: str, cpu: str, settings: list[str]) -> CpuConfig:
    """CV32E40P's and Hazard3's settings: one of each setting's values, else its default."""
    offered = CHOICES[cpu]
    try:
        values = _settings(variant, settings, list(offered))
    except RtbenchError as err:
        raise RtbenchError(err.args[0], _choices_hint(cpu)) from None
    chosen = {}
    for key, allowed in offered.items():
        value = values.get(key, allowed[0]).lower()
        if value not in allowed:
            raise RtbenchError(f"CPU variant '{variant}': {key}={value}: {key} is one of {', '.join(allowed)}",
                               _choices_hint(cpu))
        chosen[key] = value
    return CpuConfig(cpu, isa=chosen["isa"], bus=chosen["bus"])


def _choices_hint(cpu: str) -> str:
    offered = CHOICES[cpu]
    return f"{cpu} takes " + " and ".join(f"{key} ({', '.join(values)}; default {values[0]})"
                                          for key, values in offered.items()) + \
        f", e.g. {cpu}:{'isa=' + offered['isa'][1]}"


def parse(variant: str) -> CpuConfig:
    """A configurable CPU variant's settings; RtbenchError (exit 2) with advice for bad ones."""
    cpu, *settings = variant.strip().split(":")
    if cpu not in CONFIGURABLE:
        raise RtbenchError(f"'{cpu}' is not a configurable CPU", "configurable: " + ", ".join(CONFIGURABLE))
    if cpu in CHOICES:
        return _choices(variant, cpu, settings)
    known = [f"{k}{suffix}" for k in _CACHES for suffix in ("", "_ways", "_line")]
    values = _settings(variant, settings, known)
    caches: dict[str, Cache | None] = {}
    for kind in _CACHES:
        size = _size(variant, kind, values[kind]) if kind in values else 0
        ways = _number(variant, f"{kind}_ways", values[f"{kind}_ways"], WAYS) if f"{kind}_ways" in values \
            else DEFAULT_WAYS
        line = _number(variant, f"{kind}_line", values[f"{kind}_line"], LINE_BYTES) if f"{kind}_line" in values \
            else DEFAULT_LINE
        if not size:
            if f"{kind}_ways" in values or f"{kind}_line" in values:
                raise _bad(variant, f"{kind}_ways and {kind}_line need a {kind} size ({kind}=2K)")
            caches[kind] = None
            continue
        if size < ways * line:
            raise _bad(variant, f"{kind}={_size_text(size)} cannot hold {ways} way(s) of {line}-byte lines")
        caches[kind] = Cache(size, ways, line)
    return CpuConfig(cpu, caches["icache"], caches["dcache"])


def hardware_variant(variant: str) -> str:
    """The variant's hardware (its simulation model): a configurable CPU's name without `isa`."""
    if variant.split(":", 1)[0] in CONFIGURABLE:
        return parse(variant).hardware
    return variant
