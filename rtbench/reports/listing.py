# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench list`: what rtbench knows about, grouped (targets by the unit they count, shipped
boards, CPU variants by target, kernels with their profiles, benchmarks by category), as one
document (`--json`, rtbench-list/1) that the text is drawn from."""
from __future__ import annotations

from typing import Any

from ..acquire import boards, catalogue, platforms
from ..results import schema

_BOARD_USAGE = "--target board --board NAME --serial PORT --gdb HOST:PORT"
# The targets' units in the order they are listed: the exact counts first, then this host's time.
_UNIT_ORDER = ("instructions", "cycles", "ns")


def _target(target: platforms.Target) -> dict[str, Any]:
    return {"name": target.name, "unit": str(target.spec.get("unit", "")), "arch": target.arch,
            "summary": target.summary}


def _board(name: str) -> dict[str, Any]:
    spec = boards.load_board(name)[1]
    return {"name": name, "board": spec["name"], "core": spec["core"], "clock_hz": spec["clock_hz"],
            "unit": spec["unit"]}


def _variants(target: platforms.Target) -> dict[str, Any]:
    spec = target.spec["variants"]
    caches, configurable = spec.get("caches", {}), spec.get("configurable", {})
    variants = [{"name": name, "summary": f"caches: {caches[name]}" if name in caches else "", "own_cpu": False}
                for name in spec.get("choices", [])]
    # The SoC's other CPUs, each a variant of its own (with settings after colons where its summary says so).
    variants += [{"name": name, "summary": str(cpu.get("summary", "")), "own_cpu": True}
                 for name, cpu in configurable.items()]
    return {"target": target.name, "default": str(spec.get("default", "")), "variants": variants}


def _kernel(kernel: platforms.Kernel) -> dict[str, Any]:
    return {"name": kernel.name, "summary": kernel.summary, "profiles": kernel.profiles,
            "architectures": list(kernel.spec.get("architectures", []))}


def _benchmark(bench: catalogue.BenchInfo) -> dict[str, Any]:
    return {"name": bench.name, "category": bench.category, "summary": bench.summary, "source": bench.source,
            "param": bench.param, "values": list(bench.values), "count": bench.count,
            "count_key": bench.count_key, "count_per_key": bench.count_per_key, "host": bench.host,
            "options": list(bench.options)}


def document() -> dict[str, Any]:
    """Everything `rtbench list` shows, in its order."""
    every_target = platforms.targets()
    grouped = catalogue.by_category(catalogue.scan())
    return schema.stamped(schema.LIST, {
        "targets": [_target(t) for t in every_target],
        "boards": [_board(name) for name in boards.known_boards()],
        "cpu_variants": [_variants(t) for t in every_target if t.spec.get("variants")],
        "kernels": [_kernel(k) for k in platforms.kernels()],
        "categories": list(grouped),
        "benchmarks": [_benchmark(b) for benches in grouped.values() for b in benches],
    })


def _bench_extra(bench: dict[str, Any]) -> str:
    extra = []
    if bench["param"] and bench["values"]:
        extra.append(f"{bench['param']} in {{{', '.join(map(str, bench['values']))}}}")
    if bench["count"]:
        samples = f"{bench['count']} sample" + ("s" if bench["count"] != 1 else "")
        extra.append(samples + (f" (option {bench['count_key']})" if bench["count_key"] else "")
                     + (f" x option {bench['count_per_key']}" if bench["count_per_key"] else ""))
    if bench["host"]:
        extra.append("computed by the host from the image")
    return f" [{'; '.join(extra)}]" if extra else ""


def _rows(entries: list[tuple[str, str]], indent: str, width: int) -> list[str]:
    return [f"{indent}{name:<{width}}{text}".rstrip() for name, text in entries]


def _width(names: list[str]) -> int:
    """One column for a whole section's names, two spaces after the longest."""
    return max((len(name) for name in names), default=0) + 2


def text(listing: dict[str, Any]) -> str:
    """The document as the terminal shows it: a heading per group, a line per name."""
    targets, boards_ = listing["targets"], listing["boards"]
    width = _width([t["name"] for t in targets] + [b["name"] for b in boards_])
    lines = ["targets (--target), by the unit they count:"]
    units = sorted(dict.fromkeys(t["unit"] for t in targets),
                   key=lambda u: _UNIT_ORDER.index(u) if u in _UNIT_ORDER else len(_UNIT_ORDER))
    for unit in units:
        lines.append(f"  {unit}")
        lines += _rows([(t["name"], t["summary"]) for t in targets if t["unit"] == unit], "    ", width)
    lines.append(f"  real boards ({_BOARD_USAGE}), shipped:")
    lines += _rows([(b["name"], f"{b['board']}: {b['core']} at {b['clock_hz'] / 1e6:g} MHz, {b['unit']}")
                    for b in boards_], "    ", width)
    lines.append("CPU variants (--cpu-variant, comma-separated), by target:")
    width = _width([v["name"] for t in listing["cpu_variants"] for v in t["variants"]])
    for target in listing["cpu_variants"]:
        lines.append(f"  {target['target']} (default {target['default']})")
        lines += _rows([(v["name"], v["summary"]) for v in target["variants"]], "    ", width)
    lines.append("kernels (--os), with their profiles (--profile):")
    lines += _rows([(k["name"], f"{k['summary']} (profiles: {', '.join(k['profiles'])})")
                    for k in listing["kernels"]], "  ", _width([k["name"] for k in listing["kernels"]]))
    benchmarks = listing["benchmarks"]
    lines.append(f"benchmarks (--bench), {len(benchmarks)} by category:")
    width = _width([b["name"] for b in benchmarks])
    for category in listing["categories"]:
        chosen = [b for b in benchmarks if b["category"] == category]
        lines.append(f"  {category} ({len(chosen)})")
        lines += _rows([(b["name"], b["summary"] + _bench_extra(b)) for b in chosen], "    ", width)
    return "\n".join(lines)
