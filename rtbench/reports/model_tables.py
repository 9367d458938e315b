# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The timing model's tables for docs/guides/cycle-model.md (scripts/cycle_model_tables.py): the
model itself, per core, from its table (rtbench/data/cycle_models.toml); the TRM's cases and the
whole programs from the stored validation run (docs/reference/cycle-model/validation.json.gz)
beside the TRM's and Arm's figures. Markdown, every figure from those files."""
from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Any

from ..acquire import cycle_model, model_cases
from ..acquire.model_validation import FLAGS
from ..model import result_label
from ..paths import PACKAGE_DIR
from ..results.tables import Column, Table, as_markdown, cell
from . import reference_runs
from .model_validation import NAME

PUBLISHED = PACKAGE_DIR / "data" / "cycle_model_published.toml"
CORES = ("cortex-m0", "cortex-m0plus", "cortex-m3", "cortex-m4")
WITHIN = 0.10  # issue 38: CoreMark/MHz under the model within 10 % of Arm's figure


def _titles() -> dict[str, str]:
    return {core: str(cycle_model.table()["cores"][core]["title"]) for core in CORES}


def model_table() -> str:
    """Each class's cycles per core (and the taken refill), the exception costs: the model as it runs."""
    cores = cycle_model.table()["cores"]
    table = Table([Column("what", "class"), *[Column(c, t) for c, t in _titles().items()]])
    for kind in cores["cortex-m3"]["cost"]:
        def shown(core: str, kind: str = kind) -> str:
            spec = cores[core]
            base, taken = spec["cost"][kind], spec["taken"].get(kind)
            multiple = kind in ("ldm", "ldm_pc", "stm", "fp_ldm", "fp_stm")
            text = f"{base} + N" if multiple else str(base)
            return f"{text} (+{taken} taken)" if taken else text
        table.add([cell(kind), *[cell(shown(core)) for core in CORES]])
    for key in ("entry", "exit", "tailchain"):
        table.add([cell(key), *[cell(str(cores[core][key])) for core in CORES]])
    return as_markdown.render(table)


def _stored(directory: Path | None) -> dict[str, Any]:
    return reference_runs.load(NAME, directory or reference_runs.reference_dir() / "cycle-model")


def _sample(doc: dict[str, Any], bench: str, params: dict[str, str]) -> int | None:
    for row in doc["results"]:
        if row["bench"] == bench and row["params"] == params and row.get("samples"):
            return int(row["samples"][0])
    return None


def cases_table(directory: Path | None = None) -> str:
    """The TRM's cases: per core the TRM's cycles and the model's (a figure Arm does not publish marked)."""
    doc = _stored(directory)
    columns = [Column("case", "case"), Column("what", "what")]
    columns += [Column(core, f"{title}: TRM / model") for core, title in _titles().items()]
    table = Table([*columns, Column("source", "the TRM says")])
    for case in model_cases.cases():
        cells = [cell(case.name), cell(case.what)]
        for core in CORES:
            if not case.runs_on(core):
                cells.append(cell(None, "-"))
                continue
            model = _sample(doc, f"trm_{case.name}", {"core": core})
            published = case.published is None or core in case.published
            expected = f"{case.expected[core]}" if published else f"({case.expected[core]})"
            cells.append(cell(model, f"{expected} / {model}"))
        table.add([*cells, cell(case.source)])
    return as_markdown.render(table)


def _program_row(doc: dict[str, Any], program: str, flags: str, core: str, published: float) -> list[Any]:
    row = _row(doc, program, core, flags)
    if row is None:
        return [cell(None, "-"), cell(None, "-")]
    notes = dict(note.split("=", 1) for note in row["notes"] if "=" in note)
    per_mhz = int(notes["iterations"]) * 1e6 / int(row["samples"][0])
    if program == "dhrystone":
        per_mhz /= 1757
    return [cell(per_mhz, f"{per_mhz:.2f}"), cell(per_mhz / published - 1, f"{100 * (per_mhz / published - 1):+.0f} %")]


def _row(doc: dict[str, Any], program: str, core: str, flags: str) -> dict[str, Any] | None:
    return next((r for r in doc["results"] if r["bench"] == program and r["params"] == {"core": core, "flags": flags}
                 and r.get("samples")), None)


def work_table(program: str, directory: Path | None = None) -> str:
    """Why a program's figure moves: per core and flag set, the instructions an iteration (run)
    executes and the model's cycles per instruction."""
    doc = _stored(directory)
    table = Table([Column("core", "core"),
                   *[Column(f"f{k}{p}", title) for k, flags in enumerate(FLAGS[program])
                     for p, title in (("i", f"instructions per iteration, {flags}"), ("c", "cycles per instruction"))]])
    for core, title in _titles().items():
        cells = [cell(title)]
        for flags in FLAGS[program]:
            row = _row(doc, program, core, flags)
            if row is None:
                cells += [cell(None, "-"), cell(None, "-")]
                continue
            notes = dict(note.split("=", 1) for note in row["notes"] if "=" in note)
            instructions, iterations = int(notes["instructions"]), int(notes["iterations"])
            cells += [cell(instructions / iterations, f"{instructions / iterations:,.0f}"),
                      cell(row["samples"][0] / instructions, f"{row['samples'][0] / instructions:.2f}")]
        table.add(cells)
    return as_markdown.render(table)


def programs_table(program: str, directory: Path | None = None) -> str:
    """CoreMark/MHz (or DMIPS/MHz) under the model, per core and flag set, beside Arm's figure."""
    doc = _stored(directory)
    published = tomllib.loads(PUBLISHED.read_text())
    key = "coremark_per_mhz" if program == "coremark" else "dmips_per_mhz"
    unit = "CoreMark/MHz" if program == "coremark" else "DMIPS/MHz"
    table = Table([Column("core", "core"), Column("arm", f"Arm's {unit}"),
                   *[Column(f"f{k}{p}", title) for k, flags in enumerate(FLAGS[program])
                     for p, title in (("v", f"model, {flags}"), ("d", "difference"))]])
    within: dict[str, list[str]] = {flags: [] for flags in FLAGS[program]}
    for core, title in _titles().items():
        arm = float(published[key][core])
        cells = [cell(title), cell(arm, f"{arm:.2f}")]
        for flags in FLAGS[program]:
            found = _program_row(doc, program, flags, core, arm)
            cells += found
            if found[1].value is not None and abs(found[1].value) <= WITHIN:
                within[flags].append(title)
        table.add(cells)
    closing = "; ".join(f"with {flags}, " + (", ".join(cores) if cores else "none") for flags, cores in within.items())
    return as_markdown.render(table) + f"\n\nWithin {WITHIN * 100:.0f} % of Arm's figure: {closing}."


def _median(row: dict[str, Any] | None, model: bool) -> float | None:
    """A result's median in instructions, or in model cycles, when it has one."""
    if row is None or row.get("status") != "ok":
        return None
    if not model:
        return float(row["p50"])
    cycles = row.get("model_cycles") or {}
    return float(cycles["p50"]) if cycles.get("n") else None


def _order(names: list[str], values: list[float]) -> str:
    """The kernels from the cheapest to the dearest, ties joined: `FreeRTOS < ThreadX = uC/OS-II`."""
    ranked = sorted(zip(values, names))
    text = ranked[0][1]
    for (before, _), (value, name) in itertools.pairwise(ranked):
        text += f" {'=' if value == before else '<'} {name}"
    return text


def kernels_table(docs: list[dict[str, Any]], names: list[str], every: bool = False) -> str:
    """Runs of several kernels with --cycles-model: per result each kernel's median in instructions
    and in model cycles, and the kernels' order by each. Only the results whose order differs
    between the units unless `every`; a closing line says how many differ, and which."""
    found = [{result_label(str(r["bench"]), r.get("params", {})): r for r in doc["results"]} for doc in docs]
    labels = [label for label in found[0] if all(_median(f.get(label), True) is not None for f in found)]
    table = Table([Column("result", "result"),
                   *[Column(f"k{k}{u}", f"{name}: {unit}") for k, name in enumerate(names)
                     for u, unit in (("i", "instructions"), ("c", "model cycles"))],
                   Column("order", "order by instructions"), Column("model", "order by model cycles")])
    differ = []
    for label in labels:
        insns = [_median(f[label], False) or 0.0 for f in found]
        cycles = [_median(f[label], True) or 0.0 for f in found]
        by_insns, by_cycles = _order(names, insns), _order(names, cycles)
        if by_insns != by_cycles:
            differ.append(label)
        elif not every:
            continue
        table.add([cell(label), *[cell(v, f"{v:.0f}") for pair in zip(insns, cycles) for v in pair],
                   cell(by_insns), cell(by_cycles if by_cycles != by_insns else "the same")])
    unit = next(r["model_cycles"]["unit"] for r in docs[0]["results"] if r.get("model_cycles"))
    closing = (f"\n\nModel cycles: {unit}. Of the {len(labels)} results the model times on every kernel, "
               f"{len(differ)} rank the kernels differently in model cycles than in instructions"
               + (": " + ", ".join(f"`{label}`" for label in differ) + "." if differ else "."))
    return (as_markdown.render(table) if differ or every else "") + closing
