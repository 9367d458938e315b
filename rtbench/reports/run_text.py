# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A run as people read it in a terminal or in Markdown: its heading (what ran, provenance,
unit, warnings, variants, clock), its results table, histograms and stream problems."""
from __future__ import annotations

from ..acquire.provenance import summary
from ..model import Run
from ..results.runsource import run_title
from ..results.tables import as_markdown, as_text
from .report import histogram_text, run_table, split_note


def run_header(run: Run) -> list[str]:
    """The lines above a run's table: what ran, its unit, warnings, variants and clock."""
    m = run.manifest
    kernel = m.get("kernel", {})
    what = f"{m.get('target')} / {kernel.get('name', m.get('os'))} {kernel.get('version', '')}"
    head = run_title(run)
    lines = [f"{head}: {what} / profile {m.get('profile')} / {m.get('created', '')}",
             f"provenance: {summary(m)}"]
    if m.get("unit_note"):
        lines.append(f"unit: {m['unit_note']}")
    model = m.get("cycle_model")
    if isinstance(model, dict) and model.get("unit"):
        lines.append(f"model cycles: {model['unit']}, rtbench's timing model v{model.get('version')} over the same "
                     "instructions (docs/guides/cycle-model.md); never compared with instructions or measured cycles")
    lines += [f"warning: {warning}" for warning in m.get("warnings", [])]
    settings = m.get("target_settings", {})
    if settings.get("caches"):
        lines.append("variants: " + "; ".join(f"{v} ({c})" for v, c in settings["caches"].items()))
    if m.get("clock_hz"):
        lines.append(f"clock: {m['clock_hz'] / 1e6:g} MHz nominal (times below are cycles at that clock)")
    return lines


def run_text(run: Run, histograms: bool = False, bin_width: int | None = None,
             hist_limit: int | None = None) -> str:
    """The run as `rtbench run` and `rtbench report` print it."""
    table = run_table(run.results, run.manifest.get("clock_hz"))
    lines = [*run_header(run), as_text.render(table), *split_note(table)]
    if histograms:
        for result in run.results:
            if result.status == "ok":
                lines += ["", histogram_text(result, bin_width, hist_limit)]
    lines += [f"problem: {problem}" for problem in run.manifest.get("stream_errors", [])]
    return "\n".join(lines)


def run_markdown(run: Run) -> str:
    """The run as print_run shows it, in Markdown: a heading, the details as a list, the table."""
    head, *details = run_header(run)
    problems = [f"problem: {p}" for p in run.manifest.get("stream_errors", [])]
    out = [f"### {as_markdown.escape(head)}", ""]
    if details:
        out += [f"- {as_markdown.escape(line)}" for line in details] + [""]
    table = run_table(run.results, run.manifest.get("clock_hz"))
    out.append(as_markdown.render(table))
    out += [f"\n{as_markdown.escape(line)}" for line in split_note(table)]
    if problems:
        out += [""] + [f"- {as_markdown.escape(line)}" for line in problems]
    return "\n".join(out)
