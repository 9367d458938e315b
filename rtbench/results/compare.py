# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench compare`: runs side by side, each against the first, with bootstrap 95% intervals."""
from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from ..errors import RtbenchError
from ..model import Result, Run
from . import bootstrap, fairness
from .schema import COMPARE, stamped
from .split import LEGEND as SPLIT_LEGEND
from .split import median_split
from .stats import median
from .tables import Cell, Column, Table, as_csv, as_markdown, as_text, cell, params_text
from .units import Key, check_units


@dataclass
class Row:
    """One benchmark (with its parameters) in every run; estimates[i] compares run i+1 with run 0."""

    bench: str
    params: dict[str, Any]
    unit: str
    results: list[Result | None]
    estimates: list[dict[str, bootstrap.Estimate] | None] = field(default_factory=list)

    @property
    def significant(self) -> bool:
        """Some later run's interval excludes no change (single values have no interval)."""
        return any(e is not None and not single_value(self.results[0], other) and any(x.significant for x in e.values())
                   for other, e in zip(self.results[1:], self.estimates))


@dataclass
class Comparison:
    names: list[str]
    runs: list[Run]
    rows: list[Row]
    differences: list[fairness.Difference]
    resamples: int
    confidence: float
    seed: int


def _ordered_keys(runs: list[Run]) -> list[Key]:
    keys: list[Key] = []
    seen: set[Key] = set()
    for run in runs:
        for result in run.results:
            if result.key not in seen:
                seen.add(result.key)
                keys.append(result.key)
    return keys


def select(runs: list[Run], patterns: str | None) -> list[Run]:
    """The runs with only the benchmarks matching comma-separated names or globs."""
    if not patterns:
        return runs
    wanted = [p.strip() for p in patterns.split(",") if p.strip()]
    chosen = [Run(manifest=r.manifest, run_id=r.run_id,
                  results=[x for x in r.results if any(fnmatchcase(x.bench, p) for p in wanted)]) for r in runs]
    if not any(r.results for r in chosen):
        raise RtbenchError(f"no benchmark matches '{patterns}'", "e.g. --bench 'task_*,sem_take'")
    return chosen


def _measured(result: Result) -> bool:
    return result.status == "ok" and bool(result.raw_samples)


def compare_runs(runs: list[Run], names: list[str], *, resamples: int = 2000, confidence: float = 0.95,
                 seed: int = 0) -> Comparison:
    if len(runs) < 2:
        raise RtbenchError("compare needs at least two runs", "e.g. rtbench compare 1 2, or two JSON files")
    check_units(runs, names)
    by_key = [{r.key: r for r in run.results} for run in runs]
    rows: list[Row] = []
    for key in _ordered_keys(runs):
        results = [found.get(key) for found in by_key]
        first = next(r for r in results if r is not None)
        row = Row(bench=key[0], params=dict(key[1]), unit=first.unit, results=results)
        base = results[0]
        for other in results[1:]:
            if base is None or other is None or not _measured(base) or not _measured(other):
                row.estimates.append(None)
                continue
            row.estimates.append(bootstrap.compare_samples(base.samples(), other.samples(), resamples=resamples,
                                                           confidence=confidence, seed=seed))
        rows.append(row)
    return Comparison(names=names, runs=runs, rows=rows,
                      differences=fairness.differences([r.manifest for r in runs]),
                      resamples=resamples, confidence=confidence, seed=seed)


def _num(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def ratio_text(value: float) -> str:
    text = f"{value:.3f}"
    # A small but real change must not print as no change.
    return f"{value:.5f}" if text == "1.000" and value != 1.0 else text


def single_value(base: Result | None, other: Result | None) -> bool:
    """Both sides are one sample (boot_time, footprint): a value each, no interval to estimate."""
    return base is not None and other is not None and len(base.raw_samples) == 1 == len(other.raw_samples)


def versus_text(estimate: bootstrap.Estimate, single: bool = False) -> str:
    """'1.426 [1.420, 1.431]*', or the signed difference where there is no ratio; one value
    without an interval for single samples."""
    if single:
        return ratio_text(estimate.ratio) if estimate.ratio is not None else f"{estimate.diff:+.1f}"
    mark = "*" if estimate.significant else ""
    if estimate.ratio is not None and estimate.ratio_ci is not None:
        ci = estimate.ratio_ci
        return f"{ratio_text(estimate.ratio)} [{ratio_text(ci.low)}, {ratio_text(ci.high)}]{mark}"
    ci = estimate.diff_ci
    return f"{estimate.diff:+.1f} [{ci.low:+.1f}, {ci.high:+.1f}]{mark}"


ESTIMATE_PARTS = ("ratio", "ratio_low", "ratio_high", "diff", "diff_low", "diff_high", "significant")


def estimate_parts(estimate: bootstrap.Estimate, single: bool) -> dict[str, Any]:
    ratio_ci = None if single else estimate.ratio_ci
    diff_ci = None if single else estimate.diff_ci
    return {"ratio": estimate.ratio, "ratio_low": ratio_ci.low if ratio_ci else None,
            "ratio_high": ratio_ci.high if ratio_ci else None, "diff": estimate.diff,
            "diff_low": diff_ci.low if diff_ci else None, "diff_high": diff_ci.high if diff_ci else None,
            "significant": None if single else estimate.significant}


def _run_cells(result: Result | None, stats: tuple[str, ...]) -> list[Cell]:
    if result is None:
        return [cell("absent")] + [cell(None, "")] * (len(stats) - 1)
    if result.status != "ok" or not result.raw_samples:
        return [cell(result.status)] + [cell(None, "")] * (len(stats) - 1)
    samples = result.samples()
    values = {"median": median(samples), "mean": sum(samples) / len(samples)}
    split = median_split(samples) if "median" in stats else None
    # A split median shows both values: a flip between them is no change (its interval says so).
    texts = {"median": split.text(_num) if split else _num(values["median"]), "mean": _num(values["mean"])}
    return [cell(values[stat], texts[stat]) for stat in stats]


def comparison_table(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS) -> Table:
    """Per benchmark: each run's statistics, then each later run's ratio to the first with its interval."""
    letters = letters_for(len(comparison.runs))
    columns = [Column("benchmark", "benchmark", "code"), Column("params", "params"), Column("unit", "unit")]
    for letter in letters:
        columns += [Column(f"{letter}_{stat}", f"{letter} {stat}", "number") for stat in stats]
    for letter in letters[1:]:
        columns += [Column(f"{letter}_vs_A_{stat}", f"{letter}/A {stat} [{comparison.confidence:.0%} CI]", "parts",
                           ESTIMATE_PARTS) for stat in stats]
    table = Table(columns, empty="no benchmarks to compare")
    for row in comparison.rows:
        cells = [cell(row.bench), cell(dict(row.params), params_text(row.params)), cell(row.unit)]
        for result in row.results:
            cells += _run_cells(result, stats)
        for other, estimate in zip(row.results[1:], row.estimates):
            single = single_value(row.results[0], other)
            cells += [cell(estimate_parts(estimate[stat], single), versus_text(estimate[stat], single))
                      if estimate else cell(None) for stat in stats]
        table.add(cells, classes=("significant",) if row.significant else ())
    return table


def letters_for(count: int) -> list[str]:
    return [chr(ord("A") + i) if i < 26 else f"R{i}" for i in range(count)]


def legend(comparison: Comparison) -> list[str]:
    """What A, B... are and how to read the ratio columns."""
    letters = letters_for(len(comparison.runs))
    lines = [f"{letter} = {name}" for letter, name in zip(letters, comparison.names)]
    single = any(single_value(row.results[0], other) for row in comparison.rows for other in row.results[1:])
    lines.append(f"ratios to A with bootstrap {comparison.confidence:.0%} intervals ({comparison.resamples} resamples, "
                 f"seed {comparison.seed}); * = the interval excludes 1 (no change); "
                 "a signed difference is shown where A's value is not positive"
                 + ("; a single sample (boot_time, footprint) is a value, without an interval" if single else ""))
    subsets = sorted({e.subset for row in comparison.rows for found in row.estimates if found
                      for e in found.values() if e.subset})
    if subsets:
        lines.append(f"large runs: the bootstrap drew from a random {subsets[0]:,}-sample subset of each run (its "
                     "work is bounded), so those intervals are wider than the whole runs' would be")
    if any(r is not None and _measured(r) and median_split(r.samples())
           for row in comparison.rows for r in row.results):
        lines.append(f"split: {SPLIT_LEGEND}")
    return lines


def to_text(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS, all_differences: bool = False) -> str:
    letters = letters_for(len(comparison.runs))
    limit = None if all_differences else fairness.SHOWN_DIFFERENCES
    out = [fairness.lint_text(comparison.differences, letters, limit)] if comparison.differences else []
    out += legend(comparison)
    out += ["", as_text.render(comparison_table(comparison, stats))]
    return "\n".join(out)


def to_markdown(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS) -> str:
    letters = letters_for(len(comparison.runs))
    out: list[str] = []
    if comparison.differences:
        out.append("**Fairness:** the runs differ in settings that bias the comparison:\n")
        out += [f"- {as_markdown.escape(d.describe(letters))}" for d in comparison.differences]
        out.append("")
    out += [f"- {as_markdown.escape(line)}" for line in legend(comparison)]
    out.append("")
    out.append(as_markdown.render(comparison_table(comparison, stats)))
    return "\n".join(out)


def to_csv(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS) -> str:
    return as_csv.render(comparison_table(comparison, stats))


def _estimate_json(estimate: bootstrap.Estimate) -> dict[str, Any]:
    ratio_ci = estimate.ratio_ci
    return {"base": estimate.base, "other": estimate.other, "ratio": estimate.ratio,
            "ratio_ci": [ratio_ci.low, ratio_ci.high] if ratio_ci else None,
            "diff": estimate.diff, "diff_ci": [estimate.diff_ci.low, estimate.diff_ci.high],
            "significant": estimate.significant}


def _run_json(result: Result) -> dict[str, Any]:
    """One run's side of a row: status, n, and for a measured result its median (with its split,
    when it is split) and mean."""
    out: dict[str, Any] = {"status": result.status, "n": len(result.raw_samples)}
    if result.status == "ok" and result.raw_samples:
        samples = result.samples()
        out.update({"median": float(median(samples)), "mean": sum(samples) / len(samples)})
        split = median_split(samples)
        if split is not None:
            out["median_split"] = split.record()
    return out


def to_json(comparison: Comparison) -> dict[str, Any]:
    rows = []
    for row in comparison.rows:
        rows.append({
            "bench": row.bench, "params": row.params, "unit": row.unit,
            "runs": [None if r is None else _run_json(r) for r in row.results],
            "versus_first": [None if e is None else {s: _estimate_json(x) for s, x in e.items()}
                             for e in row.estimates],
        })
    return stamped(COMPARE, {
        "runs": [{"name": n, "run_id": r.run_id} for n, r in zip(comparison.names, comparison.runs)],
        "fairness": [{"path": d.path, "label": d.label, "why": d.why, "values": list(d.values)}
                     for d in comparison.differences],
        "bootstrap": {"resamples": comparison.resamples, "confidence": comparison.confidence,
                      "seed": comparison.seed, "paired_when_equal_n": True},
        "rows": rows,
    })
