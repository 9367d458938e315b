# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Published studies next to rtbench's results: shapes and ratios, and absolute figures only side
by side in their own units (init time, footprint), never converted.

The studies' figures are data (rtbench/studies/<id>/study.toml, with their citations, read by
rtbench/analysis/studies.py); how their criteria map to rtbench benchmarks is data there too
(its [[comparison]] tables); a shape of one study's own comes from its view_module. A view keeps
only the criteria some run measured and names the others, with the benchmarks that measure them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..model import Result, Run
from ..results.stats import median
from . import studies


@dataclass
class Series:
    """One line of a shape plot: a kernel column of the study, or an rtbench run."""

    name: str
    source: str  # "study" or "rtbench"
    points: list[tuple[str, float | None]]
    group: str = ""  # the criterion, when a study has one curve per criterion


@dataclass
class LeftOut:
    """A criterion of the study that no run measured, and the rtbench benchmark that measures it."""

    criterion: str
    bench: str  # the benchmark's label, with its parameters: task_preempt_load[tasks=5]


@dataclass
class StudyView:
    study: dict[str, Any]
    shape: str
    explanation: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)  # only the criteria some run measured
    series: list[Series] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)  # criteria no run measured
    measure: str = ""  # the command that measures what was left out
    label_columns: int = 2  # the leading columns that name a row; the others hold figures
    left_out_reason: str = "no run measured them"

    @property
    def comparable(self) -> bool:
        return any(s.source == "rtbench" and any(v is not None for _, v in s.points) for s in self.series)

    @property
    def left_out_note(self) -> str:
        """One sentence: what no run measured and how to measure it; the whole view's text when the
        runs hold none of the study's criteria."""
        if not self.left_out:
            return ""
        named = ", ".join(f"{item.criterion} ({item.bench})" for item in self.left_out)
        what = "None of the study's criteria shown" if not self.rows else "Left out"
        return f"{what}, as {self.left_out_reason}: {named}. Measure them with {self.measure}."


def load_studies() -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The published data and the mapping: the views of each study, keyed by study id."""
    known = studies.all_studies()
    data = {"about": studies.ABOUT, "studies": [study.facts for study in known.values()]}
    return data, {study.id: study.comparisons for study in known.values() if study.comparisons}


def _cost(value: Any, orientation: str) -> float | None:
    if not isinstance(value, (int, float)) or value <= 0:
        return None
    return 1.0 / value if orientation == "rate" else float(value)


def _stat(result: Result | None, statistic: str) -> float | None:
    if result is None or result.status != "ok" or not result.raw_samples:
        return None
    samples = result.samples()
    value = median(samples) if statistic == "median" else sum(samples) / len(samples)
    return value if value > 0 else None


def _find(run: Run, bench: str, params: dict[str, Any]) -> Result | None:
    for result in run.results:
        if result.bench == bench and result.params == params:
            return result
    return None


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _held(values: list[float | None]) -> bool:
    """Whether some run has a figure for a criterion."""
    return any(value is not None for value in values)


def _bench_name(label: str) -> str:
    return label.partition("[")[0]


def _measure_command(view: StudyView, options: str = "", extra: tuple[str, ...] = ()) -> str:
    """`rtbench run` with the benchmarks of what was left out (and any they are divided by)."""
    if not view.left_out:
        return ""
    names = dict.fromkeys([_bench_name(item.bench) for item in view.left_out] + list(extra))
    return f"rtbench run {options}--bench {','.join(names)}"


def _raw(value: Any) -> str:
    return "-" if value is None else f"{value:g}" if isinstance(value, (int, float)) else str(value)


_Criterion = tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]


def _criteria(study: dict[str, Any], spec: dict[str, Any]) -> Iterator[_Criterion]:
    """Each mapped criterion the study reported: (mapping, study row, benchmark params, label)."""
    by_criterion = {row["criterion"]: row for row in study["rows"]}
    for crit in spec["criteria"]:
        row = by_criterion.get(crit["study"])
        if row is None:
            continue
        params = dict(crit.get("params", {}))
        label = crit["bench"] + (f"[{','.join(f'{k}={v}' for k, v in params.items())}]" if params else "")
        yield crit, row, params, label


def _ratio_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    orientation, columns, statistic = spec["orientation"], spec["columns"], spec["statistic"]
    by_criterion = {row["criterion"]: row for row in study["rows"]}
    reference = next(c for c in spec["criteria"] if c["study"] == spec["reference"])
    ref_row = by_criterion[reference["study"]]
    view = StudyView(study=study, shape="ratio", explanation=(
        f"Each criterion's cost relative to {reference['study']} within one kernel (1.00 = as costly as "
        f"{reference['study']}). " + ("The study counts operations per time window, so its cost is "
                                       "1 / count. " if orientation == "rate" else "")
        + f"rtbench: the {statistic} of each benchmark over the {statistic} of {reference['bench']}."))
    view.columns = (["criterion", "rtbench benchmark"] + [f"{n} (ratio)" for n in names]
                    + [f"study {c}: value (ratio)" for c in columns])
    run_series = [Series(n, "rtbench", []) for n in names]
    study_series = [Series(f"study {c}", "study", []) for c in columns]
    run_refs = [_stat(_find(run, reference["bench"], dict(reference.get("params", {}))), statistic) for run in runs]
    for crit, row, params, label in _criteria(study, spec):
        values = [_stat(_find(run, crit["bench"], params), statistic) for run in runs]
        ratios = [value / ref if value is not None and ref else None for value, ref in zip(values, run_refs)]
        if not _held(ratios):
            view.left_out.append(LeftOut(crit["study"], label))
            continue
        cells = [crit["study"], label] + [_fmt(ratio) for ratio in ratios]
        for series, ratio in zip(run_series, ratios):
            series.points.append((crit["study"], ratio))
        for j, column in enumerate(columns):
            cost, ref_cost = _cost(row.get(column), orientation), _cost(ref_row.get(column), orientation)
            ratio = cost / ref_cost if cost is not None and ref_cost is not None else None
            cells.append(f"{_raw(row.get(column))} ({_fmt(ratio)})")
            study_series[j].points.append((crit["study"], ratio))
        view.rows.append(cells)
    view.series = run_series + study_series
    view.measure = _measure_command(view, extra=(reference["bench"],))  # a ratio needs its reference too
    return view


def _scaling_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    orientation, columns, statistic, x = spec["orientation"], spec["columns"], spec["statistic"], spec["x"]
    view = StudyView(study=study, shape="scaling", label_columns=3, explanation=(
        f"Cost against the number of {x}, relative to the smallest {x} count the study measured (1.00). "
        f"rtbench: the {statistic} of the benchmark at the same {x} counts."))
    view.columns = (["criterion", x, "rtbench benchmark"] + [f"{n} (ratio)" for n in names]
                    + [f"study {c}: value (ratio)" for c in columns])
    for crit in spec["criteria"]:
        rows = sorted((r for r in study["rows"] if r["criterion"] == crit["study"]), key=lambda r: r[x])
        if not rows:
            continue
        first = rows[0]
        run_first = [_stat(_find(run, crit["bench"], {x: first[x]}), statistic) for run in runs]
        # A criterion mapped to several scenarios draws a panel per scenario.
        shared = sum(c["study"] == crit["study"] for c in spec["criteria"]) > 1
        panel = f"{crit['study']}: {crit['bench']}" if shared else crit["study"]
        run_series = [Series(n, "rtbench", [], panel) for n in names]
        study_series = [Series(f"study {c}", "study", [], panel) for c in columns]
        for row in rows:
            label, point = f"{crit['bench']}[{x}={row[x]}]", f"{row[x]}"
            values = [_stat(_find(run, crit["bench"], {x: row[x]}), statistic) for run in runs]
            if not _held(values):
                view.left_out.append(LeftOut(f"{crit['study']} at {x}={row[x]}", label))
                continue
            cells = [crit["study"], str(row[x]), label]
            for series, value, ref in zip(run_series, values, run_first):
                ratio = value / ref if value is not None and ref else None
                cells.append(f"{_fmt(value, 1)} ({_fmt(ratio)})")
                series.points.append((point, ratio))
            for j, column in enumerate(columns):
                cost, first_cost = _cost(row.get(column), orientation), _cost(first.get(column), orientation)
                ratio = cost / first_cost if cost is not None and first_cost is not None else None
                cells.append(f"{_raw(row.get(column))} ({_fmt(ratio)})")
                study_series[j].points.append((point, ratio))
            view.rows.append(cells)
        if any(series.points for series in run_series):  # a criterion with no held row draws no panel
            view.series += run_series + study_series
    view.measure = _measure_command(view)
    return view


def _window_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    """The study's counts per window beside rtbench's own (its window_* benchmarks), each also
    relative to the same column's reference count: the processors differ, the ratios compare."""
    columns, reference = spec["columns"], spec["reference"]
    ref_row = next(row for row in study["rows"] if row["criterion"] == reference)
    view = StudyView(study=study, shape="window", explanation=(
        f"Operations per window: the median count of rtbench's per-window benchmarks beside the study's "
        f"counts, and in brackets each count relative to the same column's {reference} count (the "
        f"processors and windows differ, so only the ratios compare). The study's window was 10 ms with a "
        f"1 ms tick: run rtbench with --profile tick1k for the same. A '-' is a criterion the run did "
        f"not measure or the study did not report."))
    view.columns = (["criterion", "rtbench benchmark"] + [f"{n} (relative)" for n in names]
                    + [f"study {c} (relative)" for c in columns])
    run_series = [Series(n, "rtbench", []) for n in names]
    study_series = [Series(f"study {c}", "study", []) for c in columns]
    ref_spec = next(c for c in spec["criteria"] if c["study"] == reference)
    run_refs = [_stat(_find(run, ref_spec["bench"], dict(ref_spec.get("params", {}))), "median") for run in runs]
    for crit, row, params, label in _criteria(study, spec):
        counts = [_stat(_find(run, crit["bench"], params), "median") for run in runs]
        if not _held(counts):
            view.left_out.append(LeftOut(crit["study"], label))
            continue
        cells = [crit["study"], label]
        for series, count, ref in zip(run_series, counts, run_refs):
            relative = count / ref if count is not None and ref else None
            cells.append("-" if count is None else f"{count:g} ({_fmt(relative)})")
            series.points.append((crit["study"], relative))
        for j, column in enumerate(columns):
            count, ref_count = row.get(column), ref_row.get(column)
            relative = (count / ref_count if isinstance(count, (int, float)) and isinstance(ref_count, (int, float))
                        and ref_count > 0 else None)
            cells.append(f"{_raw(count)} ({_fmt(relative)})")
            study_series[j].points.append((crit["study"], relative))
        view.rows.append(cells)
    view.series = run_series + study_series
    view.measure = _measure_command(view, "--profile tick1k ", (ref_spec["bench"],))
    return view


def _study_unit(row: dict[str, Any], study: dict[str, Any]) -> str:
    """The unit of a study's row, without its remark: 'ms (lower is better)' -> 'ms'."""
    return re.sub(r"\s*\(.*\)$", "", str(row.get("unit", study.get("unit", ""))))


def _amount(value: float, unit: str) -> str:
    return f"{value:.0f} {unit}" if float(value).is_integer() else f"{value:.1f} {unit}"


def _absolute_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    """The study's absolute figures beside rtbench's medians, each in its own unit and on its own
    hardware: set side by side, never converted into each other nor divided."""
    columns = spec["columns"]
    view = StudyView(study=study, shape="absolute", explanation=(
        "Absolute figures on different hardware, each in its own unit: the study's on its platform (above), "
        "rtbench's on each run's target, in the run's unit. They are set side by side, not converted or divided."))
    view.columns = ["criterion", "rtbench benchmark"] + list(names) + [f"study {c}" for c in columns]
    meanings = []
    for crit, row, params, label in _criteria(study, spec):
        results = [_find(run, crit["bench"], params) for run in runs]
        values = [_stat(result, "median") for result in results]
        if not _held(values):
            view.left_out.append(LeftOut(crit["study"], label))
            continue
        unit = _study_unit(row, study)
        view.rows.append([crit["study"], label]
                         + ["-" if value is None or result is None else _amount(value, result.unit)
                            for value, result in zip(values, results)]
                         + ["-" if row.get(c) is None else f"{_raw(row.get(c))} {unit}" for c in columns])
        if crit.get("what"):
            meanings.append(f"rtbench's {label}: {crit['what']}.")
    view.explanation = " ".join([view.explanation] + meanings)
    view.measure = _measure_command(view)
    return view


_VIEWS = {"ratio": _ratio_view, "scaling": _scaling_view, "window": _window_view, "absolute": _absolute_view}


def study_views(runs: list[Run], names: list[str]) -> tuple[str, list[StudyView]]:
    """The data's 'about' text and the views of each study, in the data's and mapping's order."""
    data, mapping = load_studies()
    views = []
    for study in data.get("studies", []):
        for spec in mapping.get(study["id"], [{"shape": "none", "why": "no mapping to rtbench benchmarks yet"}]):
            make = _VIEWS.get(spec["shape"]) or studies.get(study["id"]).shapes.get(spec["shape"])
            if make is not None:
                views.append(make(study, spec, runs, names))
            else:
                views.append(StudyView(study=study, shape="none",
                                       explanation=f"Not compared: {spec.get('why', 'no rtbench counterpart')}."))
    return str(data.get("about", "")), views
