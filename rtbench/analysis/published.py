# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Published studies next to rtbench's results: shapes and ratios, never absolute values.

The studies' figures are data (rtbench/data/published.json, with their citations); how their
criteria map to rtbench benchmarks is data too (rtbench/data/published_map.toml).
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import RtbenchError
from ..model import Result, Run
from ..paths import PACKAGE_DIR
from ..results.stats import median

DATA_DIR = PACKAGE_DIR / "data"


@dataclass
class Series:
    """One line of a shape plot: a kernel column of the study, or an rtbench run."""

    name: str
    source: str  # "study" or "rtbench"
    points: list[tuple[str, float | None]]
    group: str = ""  # the criterion, when a study has one curve per criterion


@dataclass
class StudyView:
    study: dict[str, Any]
    shape: str
    explanation: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)

    @property
    def comparable(self) -> bool:
        return any(s.source == "rtbench" and any(v is not None for _, v in s.points) for s in self.series)


def load_studies() -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The published data and the mapping: the views of each study, keyed by study id."""
    try:
        data = json.loads((DATA_DIR / "published.json").read_text())
        mapping = tomllib.loads((DATA_DIR / "published_map.toml").read_text())
    except (OSError, ValueError) as err:
        raise RtbenchError(f"the published-study data in {DATA_DIR} is unusable: {err}") from None
    views: dict[str, list[dict[str, Any]]] = {}
    for spec in mapping.get("study", []):
        views.setdefault(spec["id"], []).append(spec)
    return data, views


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
        cells = [crit["study"], label]
        for i, run in enumerate(runs):
            value = _stat(_find(run, crit["bench"], params), statistic)
            ref = run_refs[i]
            ratio = value / ref if value is not None and ref else None
            cells.append(_fmt(ratio))
            run_series[i].points.append((crit["study"], ratio))
        for j, column in enumerate(columns):
            cost, ref_cost = _cost(row.get(column), orientation), _cost(ref_row.get(column), orientation)
            ratio = cost / ref_cost if cost is not None and ref_cost is not None else None
            cells.append(f"{_raw(row.get(column))} ({_fmt(ratio)})")
            study_series[j].points.append((crit["study"], ratio))
        view.rows.append(cells)
    view.series = run_series + study_series
    return view


def _scaling_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    orientation, columns, statistic, x = spec["orientation"], spec["columns"], spec["statistic"], spec["x"]
    view = StudyView(study=study, shape="scaling", explanation=(
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
        run_series = [Series(n, "rtbench", [], crit["study"]) for n in names]
        study_series = [Series(f"study {c}", "study", [], crit["study"]) for c in columns]
        for row in rows:
            cells = [crit["study"], str(row[x]), f"{crit['bench']}[{x}={row[x]}]"]
            point = f"{row[x]}"
            for i, run in enumerate(runs):
                value = _stat(_find(run, crit["bench"], {x: row[x]}), statistic)
                ref = run_first[i]
                ratio = value / ref if value is not None and ref else None
                cells.append(f"{_fmt(value, 1)} ({_fmt(ratio)})")
                run_series[i].points.append((point, ratio))
            for j, column in enumerate(columns):
                cost, first_cost = _cost(row.get(column), orientation), _cost(first.get(column), orientation)
                ratio = cost / first_cost if cost is not None and first_cost is not None else None
                cells.append(f"{_raw(row.get(column))} ({_fmt(ratio)})")
                study_series[j].points.append((point, ratio))
            view.rows.append(cells)
        view.series += run_series + study_series
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
        cells = [crit["study"], label]
        for i, run in enumerate(runs):
            count, ref = _stat(_find(run, crit["bench"], params), "median"), run_refs[i]
            relative = count / ref if count is not None and ref else None
            cells.append("-" if count is None else f"{count:g} ({_fmt(relative)})")
            run_series[i].points.append((crit["study"], relative))
        for j, column in enumerate(columns):
            count, ref_count = row.get(column), ref_row.get(column)
            relative = (count / ref_count if isinstance(count, (int, float)) and isinstance(ref_count, (int, float))
                        and ref_count > 0 else None)
            cells.append(f"{_raw(count)} ({_fmt(relative)})")
            study_series[j].points.append((crit["study"], relative))
        view.rows.append(cells)
    view.series = run_series + study_series
    return view


def _cache_gain_view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    from . import weiss  # it builds on this module's views

    return weiss.view(study, spec, runs, names)


_VIEWS = {"ratio": _ratio_view, "scaling": _scaling_view, "window": _window_view, "cache_gain": _cache_gain_view}


def study_views(runs: list[Run], names: list[str]) -> tuple[str, list[StudyView]]:
    """The data's 'about' text and the views of each study, in the data's and mapping's order."""
    data, mapping = load_studies()
    views = []
    for study in data.get("studies", []):
        for spec in mapping.get(study["id"], [{"shape": "none", "why": "no mapping to rtbench benchmarks yet"}]):
            make = _VIEWS.get(spec["shape"])
            if make is not None:
                views.append(make(study, spec, runs, names))
            else:
                views.append(StudyView(study=study, shape="none",
                                       explanation=f"Not compared: {spec.get('why', 'no rtbench counterpart')}."))
    return str(data.get("about", "")), views
