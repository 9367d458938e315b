"""`rtbench compare`: runs side by side, each against the first, with bootstrap 95% intervals."""
from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from . import bootstrap, fairness
from .errors import RtbenchError
from .model import Result, Run
from .report import format_params
from .schema import COMPARE, stamped
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
        return any(e is not None and any(x.significant for x in e.values()) for e in self.estimates)


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


def _ratio(value: float) -> str:
    text = f"{value:.3f}"
    # A small but real change must not print as no change.
    return f"{value:.5f}" if text == "1.000" and value != 1.0 else text


def _versus(estimate: bootstrap.Estimate) -> str:
    mark = "*" if estimate.significant else ""
    if estimate.ratio is not None and estimate.ratio_ci is not None:
        ci = estimate.ratio_ci
        return f"{_ratio(estimate.ratio)} [{_ratio(ci.low)}, {_ratio(ci.high)}]{mark}"
    ci = estimate.diff_ci
    return f"{estimate.diff:+.1f} [{ci.low:+.1f}, {ci.high:+.1f}]{mark}"


def cells(row: Row, stats: tuple[str, ...]) -> list[str]:
    out = [row.bench, format_params(row.params), row.unit]
    for result in row.results:
        if result is None:
            out += ["absent"] + [""] * (len(stats) - 1)
        elif result.status != "ok" or not result.raw_samples:
            out += [result.status] + [""] * (len(stats) - 1)
        else:
            samples = result.samples()
            for stat in stats:
                out.append(_num(bootstrap.median(samples) if stat == "median" else sum(samples) / len(samples)))
    for estimate in row.estimates:
        for stat in stats:
            out.append(_versus(estimate[stat]) if estimate else "-")
    return out


def headers(stats: tuple[str, ...], letters: list[str]) -> list[str]:
    heads = ["benchmark", "params", "unit"]
    for letter in letters:
        heads += [f"{letter} {stat}" for stat in stats]
    for letter in letters[1:]:
        heads += [f"{letter}/A {stat} [95% CI]" for stat in stats]
    return heads


def letters_for(count: int) -> list[str]:
    return [chr(ord("A") + i) if i < 26 else f"R{i}" for i in range(count)]


def _legend(comparison: Comparison, letters: list[str]) -> list[str]:
    lines = [f"{letter} = {name}" for letter, name in zip(letters, comparison.names)]
    lines.append(f"ratios to A with bootstrap {comparison.confidence:.0%} intervals ({comparison.resamples} resamples, "
                 f"seed {comparison.seed}); * = the interval excludes 1 (no change); "
                 "a signed difference is shown where A's value is not positive")
    return lines


def to_text(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS) -> str:
    letters = letters_for(len(comparison.runs))
    heads = headers(stats, letters)
    body = [cells(row, stats) for row in comparison.rows]
    widths = [max(len(h), *(len(c[i]) for c in body)) for i, h in enumerate(heads)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [fairness.lint_text(comparison.differences, letters)] if comparison.differences else []
    out += _legend(comparison, letters)
    out += ["", line(heads), line(["-" * w for w in widths])] + [line(c) for c in body]
    return "\n".join(out)


def to_markdown(comparison: Comparison, stats: tuple[str, ...] = bootstrap.STATS) -> str:
    letters = letters_for(len(comparison.runs))
    out: list[str] = []
    if comparison.differences:
        out.append("**Fairness:** the runs differ in settings that bias the comparison:\n")
        out += [f"- {d.describe(letters)}" for d in comparison.differences]
        out.append("")
    out += [f"- {line}" for line in _legend(comparison, letters)]
    out.append("")
    heads = headers(stats, letters)
    out.append("| " + " | ".join(heads) + " |")
    out.append("| " + " | ".join("---" if i < 3 else "---:" for i in range(len(heads))) + " |")
    for row in comparison.rows:
        shown = [c.replace("|", "\\|") for c in cells(row, stats)]
        shown[0] = f"`{shown[0]}`"
        out.append("| " + " | ".join(shown) + " |")
    return "\n".join(out)


def _estimate_json(estimate: bootstrap.Estimate) -> dict[str, Any]:
    ratio_ci = estimate.ratio_ci
    return {"base": estimate.base, "other": estimate.other, "ratio": estimate.ratio,
            "ratio_ci": [ratio_ci.low, ratio_ci.high] if ratio_ci else None,
            "diff": estimate.diff, "diff_ci": [estimate.diff_ci.low, estimate.diff_ci.high],
            "significant": estimate.significant}


def to_json(comparison: Comparison) -> dict[str, Any]:
    rows = []
    for row in comparison.rows:
        rows.append({
            "bench": row.bench, "params": row.params, "unit": row.unit,
            "runs": [None if r is None else {"status": r.status, "n": len(r.raw_samples),
                                              **({"median": bootstrap.median(r.samples()),
                                                  "mean": sum(r.samples()) / len(r.samples())}
                                                 if r.status == "ok" and r.raw_samples else {})}
                     for r in row.results],
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
