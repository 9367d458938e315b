# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A study's figures, drawn from a run: its [[figure]] tables (rtbench/studies/<id>/study.toml).
One shape so far, the clock sweep (clock_sweep.py: a reaction chain's used/available time
against the clock, per CPU configuration, as the emulation study's Figure 6):

    [[figure]]
    shape = "clock_sweep"
    title = "Figure 6: ..."
    run = "vexriscv-sim-caches-freertos"   # the stored reference run drawn by default
    clocks = "25MHz:80MHz"                 # LOW:HIGH[:STEP], as deadline --sweep takes it
    deadline = "220us"
    chain = "reaction_chain[tasks=2]"      # optional: default the busiest reaction_chain

The study's own settings (its clock range, its deadline) live here, not in the CLI."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RtbenchError
from ..model import Run
from . import clock_sweep, studies, variants

SHAPES = ("clock_sweep",)
_KEYS = {"shape", "title", "run", "clocks", "deadline", "chain"}


@dataclass(frozen=True)
class SweepFigure:
    shape: str
    title: str
    run: str  # the reference run it is drawn from unless the user gives runs
    clocks: tuple[float, ...]
    deadline_s: float
    chain: str | None


@dataclass
class Drawn:
    """A figure drawn from one run."""

    figure: SweepFigure
    run: Run
    name: str
    chain: str
    rows: list[clock_sweep.SweepRow]


def _figure(study: studies.Study, data: dict[str, Any]) -> SweepFigure:
    def fail(problem: str) -> RtbenchError:
        return RtbenchError(f"{study.folder / 'study.toml'}: [[figure]]: {problem}",
                            "see rtbench/analysis/study_figures.py")

    if data.get("shape") not in SHAPES:
        raise fail(f"shape {data.get('shape')!r} is none of {', '.join(SHAPES)}")
    unknown = set(data) - _KEYS
    if unknown:
        raise fail(f"unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("run", "clocks", "deadline"):
        if not isinstance(data.get(key), str):
            raise fail(f'{key} = "..." is missing')
    chain = data.get("chain")
    if chain is not None and not isinstance(chain, str):
        raise fail('chain must be a benchmark label, e.g. chain = "reaction_chain[tasks=2]"')
    try:
        clocks = clock_sweep.parse_sweep(data["clocks"])
        deadline_s = variants.parse_duration(data["deadline"])
    except RtbenchError as err:
        raise fail(str(err.args[0])) from None
    return SweepFigure(data["shape"], str(data.get("title", "")), data["run"], tuple(clocks), deadline_s, chain)


def figures(study: studies.Study) -> list[SweepFigure]:
    """The study's figures, checked."""
    return [_figure(study, data) for data in study.figures]


def draw(figure: SweepFigure, run: Run, name: str) -> Drawn:
    """The figure from one run; an error when the run has no chain to sweep."""
    chain = clock_sweep.chain_label(run, figure.chain)
    return Drawn(figure, run, name, chain, clock_sweep.sweep(run, chain, figure.deadline_s, list(figure.clocks)))


def draw_each(figure: SweepFigure, runs: list[Run], names: list[str]) -> tuple[list[Drawn], list[str]]:
    """The figure from each run that has its chain, and the names of those that have not."""
    drawn, without = [], []
    for run, name in zip(runs, names):
        try:
            drawn.append(draw(figure, run, name))
        except RtbenchError:
            without.append(name)
    return drawn, without


def text(drawn: Drawn) -> str:
    """A heading naming the figure and the run, then the sweep's table."""
    run = drawn.run
    heading = drawn.figure.title or "clock sweep"
    where = f"{run.manifest.get('target')} / {run.manifest.get('kernel', {}).get('name', '')}"
    return (f"{heading}\n{drawn.name}: {where}\n"
            + clock_sweep.sweep_table(drawn.rows, drawn.chain, drawn.figure.deadline_s))
