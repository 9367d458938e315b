# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench compare --campaign ID --axis AXIS=A,B`: two values of one axis compared within a
campaign, once for every combination of the other axes (narrowed with --where AXIS=VALUE).

One pair of cells is an ordinary comparison (the tables, intervals and fairness lint of
`rtbench compare`). Several pairs make one table (reports/campaign_tables.axis_table): a row per
benchmark, a column per combination of the other axes, each B/A median ratio with its bootstrap
interval."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RtbenchError
from ..model import Run
from ..results import compare
from .readout import Campaign, Coordinates

Context = tuple[tuple[str, str], ...]


@dataclass
class Pair:
    context: Context  # the other axes' values
    a: Run
    b: Run

    def title(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.context) or "the campaign"


def parse_axis(text: str) -> tuple[str, str, str]:
    """'profile=default,debug' -> ('profile', 'default', 'debug')."""
    axis, sep, values = text.partition("=")
    labels = [v.strip() for v in values.split(",")]
    if not sep or not axis.strip() or len(labels) != 2 or not all(labels):
        raise RtbenchError(f"--axis {text!r}: expected AXIS=A,B, two values of one axis",
                           "e.g. --axis profile=default,debug or --axis opt=-O2,-Os")
    return axis.strip(), labels[0], labels[1]


def parse_where(texts: list[str]) -> dict[str, str]:
    fixed = {}
    for text in texts:
        axis, sep, value = text.partition("=")
        if not sep or not axis.strip() or not value.strip():
            raise RtbenchError(f"--where {text!r}: expected AXIS=VALUE", "e.g. --where platform=qemu-m3")
        fixed[axis.strip()] = value.strip()
    return fixed


def _check(campaign: Campaign, axis: str, labels: list[str], flag: str) -> None:
    if axis not in campaign.axes:
        raise RtbenchError(f"{flag}: the campaign {campaign.view.campaign} has no axis '{axis}'",
                           "its axes: " + (", ".join(campaign.axes) or "none"))
    for label in labels:
        if label not in campaign.labels(axis):
            raise RtbenchError(f"{flag}: the axis {axis} has no stored value '{label}'",
                               "its values: " + ", ".join(campaign.labels(axis)))


def pairs(campaign: Campaign, axis: str, a: str, b: str, where: dict[str, str]) -> tuple[list[Pair], list[str]]:
    """The pairs of cells to compare, and the combinations left out for lack of one side."""
    _check(campaign, axis, [a, b], "--axis")
    if a == b:
        raise RtbenchError(f"--axis {axis}={a},{b}: compare two different values")
    for fixed_axis, label in where.items():
        if fixed_axis == axis:
            raise RtbenchError(f"--where {fixed_axis}: that is the axis compared")
        _check(campaign, fixed_axis, [label], "--where")
    by_context: dict[Context, dict[str, Coordinates]] = {}
    for coordinates in campaign.coordinates:
        values = dict(coordinates)
        if any(values.get(k) != v for k, v in where.items()) or values[axis] not in (a, b):
            continue
        context = tuple((k, v) for k, v in coordinates if k != axis)
        by_context.setdefault(context, {})[values[axis]] = coordinates
    found, missing = [], []
    for context, sides in by_context.items():
        if a in sides and b in sides:
            found.append(Pair(context, campaign.runs[sides[a]], campaign.runs[sides[b]]))
        else:
            missing.append(" ".join(f"{k}={v}" for k, v in context) + f" (no {b if a in sides else a})")
    if not found:
        raise RtbenchError(f"no pair of cells with {axis}={a} and {axis}={b}"
                           + (" and " + ", ".join(f"{k}={v}" for k, v in where.items()) if where else ""))
    return found, missing


def single(pair: Pair, axis: str, a: str, b: str, **options: int) -> compare.Comparison:
    names = [f"{axis}={label} (run {run.run_id}{', ' + pair.title() if pair.context else ''})"
             for label, run in ((a, pair.a), (b, pair.b))]
    return compare.compare_runs([pair.a, pair.b], names, **options)


@dataclass
class Compared:
    pair: Pair
    comparison: compare.Comparison | None  # B against A, None when they cannot be compared
    error: str = ""  # why not (e.g. different units)


def compare_pairs(found: list[Pair], **options: int) -> list[Compared]:
    """Each pair's B/A comparison, or why it has none (reports/campaign_tables.axis_table tabulates them)."""
    compared = []
    for pair in found:
        try:
            compared.append(Compared(pair, compare.compare_runs([pair.a, pair.b], ["A", "B"], **options)))
        except RtbenchError as err:
            compared.append(Compared(pair, None, str(err.args[0])))
    return compared
