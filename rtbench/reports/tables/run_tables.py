# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Markdown tables from run files (`rtbench run --json`, or the reference runs), for the guides
(the view `run_tables`; scripts/run_tables.py prints it):

    ratio A.json B.json --rows task_switch 'delay_block[tasks=0]' [--names A B]
        # medians of A and B and B/A, one row per result label
    stats A.json B.json --rows periodic_jitter [--names 'A' 'B']
        # one row per run and result: n, min, median, p99, max, jitter (max - min), stddev
    phases A.json B.json
        # boot_time and its phases (the result's notes), one column per run
    variants A.json --rows task_switch irq_latency [--names ...]
        # a run on several CPU variants: per variant, how many results are ok, unsupported and
        # failed, the rows' medians, and every failure with its reason
    clocks A.json B.json --clocks 100MHz 150MHz --rows task_switch [--names ...]
        # runs in cycles on different cores side by side: each run's median in cycles and in
        # microseconds at the clock given for its core

Each table is followed by a caption naming every run and what produced it (kernel, source,
image, rtbench commit). A result that is not ok shows its status; a missing one, an em dash; a
split median its two values and the upper group's share (`384 | 413 (51 %)`), and a ratio of
split medians the range of its values' ratios (docs/concepts/statistics.md)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ...acquire import provenance
from ...errors import RtbenchError
from ...model import result_label
from ...results.split import ratio_text, row_split
from ...results.tables import as_markdown
from .arguments import parser

MISSING = "—"
PHASE = re.compile(r"^phase (\w+): (\d+) \w+(?: \((.*)\))?$")


def load(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as file:
            doc = json.load(file)
    except (OSError, json.JSONDecodeError) as err:
        raise RtbenchError(f"cannot read {path}: {err}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise RtbenchError(f"{path}: not an rtbench run file", "give a file written by `rtbench run --json`")
    return doc


def by_label(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {result_label(str(r["bench"]), r.get("params", {})): r for r in doc["results"]}


def kernel_name(doc: dict[str, Any]) -> str:
    kernel = doc.get("manifest", {}).get("kernel", {})
    return f"{kernel.get('name', '?')} {kernel.get('version', '')}".strip()


def number(value: Any) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.1f}"
    return str(value)


def figure(row: dict[str, Any] | None, key: str = "p50") -> str:
    if row is None:
        return MISSING
    if row.get("status") != "ok":
        return str(row.get("status"))
    split = row_split(row) if key == "p50" else None
    return as_markdown.escape(split.text(number)) if split else number(row[key])


def _ratio_number(value: float) -> str:
    return f"{value:.0f}" if value >= 100 else f"{value:.3g}"


def ratio(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    """B's median over A's; its range where either median is split."""
    if not a or not b or a.get("status") != "ok" or b.get("status") != "ok" or a["p50"] <= 0:
        return ""
    split = ratio_text(row_split(a) or a["p50"], row_split(b) or b["p50"], _ratio_number)
    return split or _ratio_number(b["p50"] / a["p50"])


def caption(paths: list[str], docs: list[dict[str, Any]]) -> str:
    parts = [f"`{Path(p).name}` ({provenance.summary(d['manifest'])})" for p, d in zip(paths, docs)]
    return "Rendered from the runs " + "; ".join(parts) + "."


def ratio_table(paths: list[str], docs: list[dict[str, Any]], rows: list[str],
                names: list[str] | None = None) -> list[str]:
    a, b = (by_label(doc) for doc in docs)
    names = names or [kernel_name(doc) for doc in docs]
    lines = [f"| result | unit | {names[0]} | {names[1]} | B/A |", "| --- | --- | ---: | ---: | ---: |"]
    for label in rows:
        unit = next((r["unit"] for r in (a.get(label), b.get(label)) if r), MISSING)
        lines.append(f"| `{label}` | {unit} | {figure(a.get(label))} | {figure(b.get(label))} | "
                     f"{ratio(a.get(label), b.get(label))} |")
    return lines


def stats_table(docs: list[dict[str, Any]], rows: list[str], names: list[str]) -> list[str]:
    lines = ["| run | result | unit | n | min | median | p99 | max | jitter (max − min) | stddev |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, doc in zip(names, docs):
        found = by_label(doc)
        for label in rows:
            row = found.get(label)
            cells = [figure(row, key) for key in ("n", "min", "p50", "p99", "max", "jitter")]
            spread = figure(row, "stddev") if row is None or row.get("status") != "ok" else f"{row['stddev']:.1f}"
            unit = row["unit"] if row else MISSING
            lines.append(f"| {name} | `{label}` | {unit} | " + " | ".join(cells) + f" | {spread} |")
    return lines


def phases_table(docs: list[dict[str, Any]]) -> list[str]:
    lines = ["| phase | " + " | ".join(kernel_name(d) for d in docs) + " |",
             "| --- | " + " | ".join("---:" for _ in docs) + " |"]
    for doc in docs:
        boot = by_label(doc).get("boot_time")
        for note in (boot or {}).get("notes", []):
            match = PHASE.match(note)
            if match:
                name, count, what = match.groups()
                cells = [MISSING] * len(docs)
                cells[docs.index(doc)] = count
                shown = f"`{name}`" + (f": {what}" if what else "")
                lines.append(f"| {shown} | " + " | ".join(cells) + " |")
    total = [figure(by_label(d).get("boot_time")) for d in docs]
    lines.append("| **reset → first benchmark task (`boot_time`)** | " + " | ".join(f"**{t}**" for t in total) + " |")
    return lines


def variant_columns(docs: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, dict[str, dict[str, Any]]]]:
    """Each run's results split by CPU variant (in the run's order): (run, variant, by label). A
    result without a variant in a run with several (the image's footprint) holds for each."""
    columns = []
    for doc in docs:
        named = [r for r in doc["results"] if "cpu_variant" in r.get("params", {})]
        variants = list(dict.fromkeys(str(r["params"]["cpu_variant"]) for r in named))
        if not variants:
            variants = [str(doc["manifest"].get("target_settings", {}).get("cpu_variant", MISSING))]
        split: dict[str, dict[str, dict[str, Any]]] = {variant: {} for variant in variants}
        for row in doc["results"]:
            params = dict(row.get("params", {}))
            variant = params.pop("cpu_variant", None)
            for name in ([str(variant)] if variant is not None else variants):
                split[name][result_label(str(row["bench"]), params)] = row
        columns += [(doc, variant, rows) for variant, rows in split.items()]
    return columns


def variants_table(docs: list[dict[str, Any]], rows: list[str], names: list[str] | None) -> list[str]:
    columns = variant_columns(docs)
    heads = names or [f"{kernel_name(doc)} `{variant}`" for doc, variant, _ in columns]
    if len(heads) != len(columns):
        raise RtbenchError(f"--names needs one name per run and variant ({len(columns)}: "
                         + ", ".join(variant for _, variant, _ in columns) + ")")
    lines = ["| result | unit | " + " | ".join(heads) + " |",
             "| --- | --- | " + " | ".join("---:" for _ in columns) + " |"]
    counts = []
    for _, _, found in columns:
        statuses = [str(r.get("status")) for r in found.values()]
        failed = len(statuses) - statuses.count("ok") - statuses.count("unsupported")
        counts.append(f"{statuses.count('ok')} · {statuses.count('unsupported')} · {failed}")
    lines.append("| **results ok · unsupported · failed** |  | " + " | ".join(counts) + " |")
    for label in rows:
        cells = [rows_of.get(label) for _, _, rows_of in columns]
        unit = next((r["unit"] for r in cells if r), MISSING)
        lines.append(f"| `{label}` | {unit} | " + " | ".join(figure(r) for r in cells) + " |")
    failures = [f"- {head}: `{label}` {row.get('status')}: {row.get('reason') or 'no reason given'}"
                for head, (_, _, found) in zip(heads, columns) for label, row in found.items()
                if row.get("status") not in ("ok", "unsupported")]
    return lines + (["", "Failed:", "", *failures] if failures else ["", "No result failed."])


def clock_hz(text: str) -> float:
    """100MHz, 150 MHz, 48e6: a clock in Hz."""
    match = re.fullmatch(r"\s*([0-9.]+(?:e[0-9]+)?)\s*(GHz|MHz|kHz|Hz)?\s*", text, re.IGNORECASE)
    if not match:
        raise RtbenchError(f"{text!r} is not a clock (write 150MHz)")
    scale = {"ghz": 1e9, "mhz": 1e6, "khz": 1e3, "hz": 1.0}[(match.group(2) or "Hz").lower()]
    return float(match.group(1)) * scale


def microseconds(row: dict[str, Any] | None, hz: float) -> str:
    if row is None or row.get("status") != "ok" or row.get("unit") != "cycles":
        return ""
    value = row["p50"] / hz * 1e6
    return f"{value:.0f}" if value >= 100 else f"{value:.3g}"


def clocks_table(docs: list[dict[str, Any]], rows: list[str], names: list[str], clocks: list[str]) -> list[str]:
    """Medians in cycles and in microseconds at each run's core clock, side by side."""
    hz = [clock_hz(text) for text in clocks]
    heads = [f"{name} cycles | µs at {text.strip()}" for name, text in zip(names, clocks)]
    lines = ["| result | " + " | ".join(heads) + " |", "| --- | " + " | ".join("---: | ---:" for _ in docs) + " |"]
    found = [by_label(doc) for doc in docs]
    for label in rows:
        cells = [f"{figure(run.get(label))} | {microseconds(run.get(label), f)}" for run, f in zip(found, hz)]
        lines.append(f"| `{label}` | " + " | ".join(cells) + " |")
    return lines


def render(argv: list[str]) -> str:
    args_parser = parser("run_tables", "Markdown tables from run files, for the guides.")
    args_parser.add_argument("kind", choices=("ratio", "stats", "phases", "variants", "clocks"))
    args_parser.add_argument("runs", nargs="+", help="run JSON files")
    args_parser.add_argument("--rows", nargs="+", default=[], metavar="LABEL", help="result labels, in order")
    args_parser.add_argument("--names", nargs="+", metavar="NAME",
                             help="how each run (ratio, stats, clocks) or each run's variant (variants) is named")
    args_parser.add_argument("--clocks", nargs="+", metavar="CLOCK",
                             help="clocks: each run's core clock (150MHz), for its microseconds")
    args = args_parser.parse_args(argv)
    docs = [load(path) for path in args.runs]
    return "\n".join(_lines(args, docs)) + "\n\n" + caption(args.runs, docs)


def _lines(args: Any, docs: list[dict[str, Any]]) -> list[str]:
    """The table the arguments ask for; a wrong count of names or clocks is refused."""
    names = args.names or [kernel_name(doc) for doc in docs]
    if args.kind == "ratio":
        if len(docs) != 2 or len(names) != 2:
            raise RtbenchError("ratio takes two runs (and two --names)")
        return ratio_table(args.runs, docs, args.rows, args.names)
    if args.kind == "stats":
        if len(names) != len(docs):
            raise RtbenchError("--names needs one name per run")
        return stats_table(docs, args.rows, names)
    if args.kind == "clocks":
        if len(names) != len(docs) or len(args.clocks or []) != len(docs):
            raise RtbenchError("clocks needs one --names and one --clocks entry per run")
        return clocks_table(docs, args.rows, names, args.clocks)
    if args.kind == "variants":
        return variants_table(docs, args.rows, args.names)
    return phases_table(docs)
