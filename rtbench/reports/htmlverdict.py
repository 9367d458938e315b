# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The box an HTML report opens with: its verdict, in words, before any table or figure."""
from __future__ import annotations

import html
from typing import Any

from ..analysis.verdict import Change, PairVerdict, RunVerdict, SingleValue
from ..results.compare import ratio_text


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) and not value.is_integer() else f"{value:.0f}"


def _change(change: Change) -> str:
    estimate = change.estimate
    text = f"×{ratio_text(estimate.ratio)}" if estimate.ratio is not None else f"{estimate.diff:+.1f} {change.unit}"
    stat = "" if change.stat == "median" else " (mean)"
    return (f'<span class="chg">{_e(change.label)} <b class="{"worse" if change.worse else "better"}">{_e(text)}</b>'
            f"{stat}</span>")


def _single(value: SingleValue) -> str:
    ratio = f" (×{ratio_text(value.ratio)})" if value.ratio is not None else ""
    return (f'<span class="chg">{_e(value.label)} {_number(value.base)} → {_number(value.other)} '
            f"{_e(value.unit)}{ratio}</span>")


def _items(items: list[str]) -> str:
    return " · ".join(items)


def _pair(verdict: PairVerdict) -> str:
    out = [f'<p class="headline">{_e(verdict.headline())}</p><ul>']
    for word, changes in _by_word(verdict.worse + verdict.better).items():
        out.append(f"<li><b>{_e(word.capitalize())} ({len(changes)}, largest change first):</b> "
                   f"{_items([_change(c) for c in changes])}</li>")
    if verdict.singles:
        changed = verdict.changed_singles
        head = (f"<b>Single values</b> (one sample each, compared exactly, no interval): "
                f"{len(changed)} of {len(verdict.singles)} changed")
        out.append(f"<li>{head}" + (f": {_items([_single(s) for s in changed])}" if changed else "") + "</li>")
    if verdict.not_compared:
        listed = _items([f'<span class="chg">{_e(n.label)}: <b class="worse">{_e(n.why)}</b></span>'
                         for n in verdict.not_compared])
        out.append(f"<li><b>Failed or missing ({len(verdict.not_compared)}):</b> {listed}</li>")
    else:
        out.append("<li><b>Failed or missing:</b> none</li>")
    if verdict.unsupported:
        out.append(f"<li><b>Unsupported in both</b> ({len(verdict.unsupported)}, not compared): "
                   f"{_e(', '.join(verdict.unsupported))}</li>")
    out.append("</ul>")
    return "".join(out)


def _by_word(changes: list[Change]) -> dict[str, list[Change]]:
    grouped: dict[str, list[Change]] = {}
    for change in changes:
        grouped.setdefault(change.word, []).append(change)
    return grouped


def _run(verdict: RunVerdict) -> str:
    out = [f'<p class="headline">{_e(verdict.name)}: {_e(verdict.headline())}</p>']
    items = [f'<li>{_e(name)}: <b class="worse">{_e(status)}</b>' + (f": {_e(reason)}" if reason else "") + "</li>"
             for name, status, reason in verdict.failures]
    items += [f"<li><b>stream problem:</b> {_e(problem)}</li>" for problem in verdict.stream_errors]
    if items:
        out.append(f"<ul>{''.join(items)}</ul>")
    if verdict.unmeasured:
        # Not a failure: what the kernel or the target lacks, each with its reason, told quietly.
        listed = "".join(f"<li>{_e(name)}" + (f": {_e(reason)}" if reason else "") + "</li>"
                         for name, _, reason in verdict.unmeasured)
        out.append(f'<div class="quiet"><p>Not measured ({len(verdict.unmeasured)}, unsupported):</p>'
                   f"<ul>{listed}</ul></div>")
    return "".join(out)


def comparison_box(pairs: list[PairVerdict], letters_and_names: list[tuple[str, str]],
                   runs: list[RunVerdict]) -> str:
    bad = any(p.not_compared for p in pairs) or not all(r.passed for r in runs)
    changed = any(p.changes or p.changed_singles for p in pairs)
    kind = "bad" if bad else "changed" if changed else "same"
    legend = " · ".join(f"{_e(letter)} = {_e(name)}" for letter, name in letters_and_names)
    # The failures are named per benchmark above; here only each unclean run's counts.
    problems = "".join(f"<p>{_e(r.name)}: {_e(r.headline())}</p>"
                       + "".join(f"<p><b>stream problem:</b> {_e(e)}</p>" for e in r.stream_errors)
                       for r in runs if not r.passed)
    return (f'<section id="verdict" class="verdict {kind}"><h2>Verdict</h2><p class="note">{legend}</p>'
            f'{"".join(_pair(p) for p in pairs)}{problems}</section>')


def runs_box(runs: list[RunVerdict], not_compared: str = "") -> str:
    """One run's (or several uncompared runs') verdict: how many results of each status, failures named."""
    kind = "same" if all(r.passed for r in runs) and not not_compared else "bad"
    reason = f'<p class="headline">Not compared: {_e(not_compared)}</p>' if not_compared else ""
    body = "".join(_run(r) for r in runs)
    return f'<section id="verdict" class="verdict {kind}"><h2>Verdict</h2>{reason}{body}</section>'
