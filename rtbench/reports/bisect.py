# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A bisection as people and machines read it: the tested revisions, the first bad commit with
both medians, and the functions that gained or lost instructions (text), or its JSON document."""
from __future__ import annotations

import json

from ..analysis.bisect import BisectView, document
from ..results.tables import Column, Table, as_text, cell


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def _signed(value: float) -> str:
    return f"{value:+.0f}" if float(value).is_integer() else f"{value:+.2f}"


def tested_table(shown: BisectView) -> Table:
    table = Table([Column("revision", "revision", "code"), Column("commit", "commit", "code"),
                   Column("status", "status"), Column("median", "median", "number"), Column("verdict", "verdict"),
                   Column("run", "run", "number")], empty="nothing tested")
    for tested in shown.found.tested:
        rev = tested.point.revision
        verdict = tested.verdict + (" (given)" if tested.given else "")
        table.add([cell(rev.name), cell(rev.short), cell(tested.point.status), cell(tested.value, _num(tested.value)),
                   cell(verdict), cell(tested.point.run.run_id)])
    return table


def functions_table(shown: BisectView) -> Table:
    table = Table([Column("function", "function", "code"), Column("before", "before", "number"),
                   Column("after", "after", "number"), Column("delta", "delta", "number")],
                  empty="no function's instructions changed")
    for row in shown.deltas:
        table.add([cell(row.name), cell(row.before, _num(row.before)), cell(row.after, _num(row.after)),
                   cell(row.delta, _signed(row.delta))])
    return table


def _found_lines(shown: BisectView) -> list[str]:
    found = shown.found
    if found.first_bad is None:
        return []
    first, parent = found.path[found.first_bad], found.path[found.first_bad - 1]
    before, after = shown.medians()
    lines = [f"first bad commit: {first.name} ({first.commit}) {first.subject}",
             f"  parent {parent.name} ({parent.short}): median {_num(before)} -> {_num(after)} {found.selection.unit}"
             + (f" ({_signed(after - before)})" if before is not None and after is not None else "")]
    if found.attribution_error:
        lines.append(f"per-function attribution: not available: {found.attribution_error}")
    elif found.attribution is not None:
        a, b = found.attribution
        lines += ["", (f"instructions per sample inside the measured interval, by function ({parent.name} -> "
                       f"{first.name}; n = {len(a.samples)} and {len(b.samples)}):"),
                  as_text.render(functions_table(shown)),
                  f"exact: each sample's functions add up to its count plus the read overhead the host subtracts "
                  f"({a.overhead} and {b.overhead} {found.selection.unit}): "
                  + ("yes" if a.exact and b.exact else "NO")]
        match = shown.traced_samples_match()
        if match is False:
            lines.append("note: the traced runs' samples differ from the stored points' (the plugin's run "
                         "is not the measured one)")
    return lines


def bisect_text(shown: BisectView) -> str:
    found = shown.found
    good, bad = found.path[0], found.path[-1]
    how = ("exact counts: a revision is bad when its median differs from the good one's"
           if found.selection.deterministic else
           "measured: a revision is bad when its median lies nearer the bad one's than the good one's")
    lines = [(f"bisect {found.bench} on {found.selection.target} ({found.selection.kernel}): "
              f"{good.name}..{bad.name}, {len(found.path) - 2} commit(s) between (first parents); {how}"),
             as_text.render(tested_table(shown)), ""]
    if found.skipped:
        lines.append("skipped: " + "; ".join(f"{t.point.revision.name} ({t.reason})" for t in found.skipped))
    if shown.located:
        lines += _found_lines(shown)
    elif found.open_range == (0, 0):
        lines.append(f"{found.bench} has the same median at {good.name} and {bad.name}: no commit moved it")
    else:
        names = ", ".join(r.name for r in found.candidates)
        lines.append(f"the first bad commit is one of: {names} (the ones before the last are skipped: "
                     "they do not build or give no value)")
    return "\n".join(lines).rstrip() + "\n"


def bisect_json(shown: BisectView) -> str:
    return json.dumps(document(shown), indent=2) + "\n"
