# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench study` on runs of one's own: the runs --run names (or the latest of each kernel on the
study's targets), a campaign of the study's measured into the workspace (--measure --campaign),
and the study's figures drawn from either, or from its reference runs."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..analysis import studies, study_figures, variants
from ..errors import RtbenchError
from ..model import Run
from ..results.runsource import load_run, run_from_document, run_name
from ..results.store import Store
from ..suggest import unknown_hint
from .analysis import baseline_variant
from .arguments import workspace
from .output import progress


def _reference_targets(study: studies.Study, directory: Path | None) -> list[str]:
    from ..reports import reference_runs as ref

    if not study.cells():
        raise RtbenchError(f"study '{study.id}' has no reference runs whose targets --run could take",
                           "say whose runs with --target, e.g. --target qemu-m3")
    return list(dict.fromkeys(str(ref.load(cell, directory)["manifest"].get("target")) for cell in study.cells()))


def _latest(study: studies.Study, args: argparse.Namespace) -> list[Run]:
    """The latest whole stored run of each kernel on each of the study's targets."""
    targets = [args.target] if args.target else _reference_targets(study, args.runs)
    with Store(workspace(args).store, read_only=True) as store:
        latest: dict[tuple[str, str], int] = {}
        for row in store.list_runs():  # oldest first: the last one seen is the latest
            if row.get("target") in targets and not row.get("damaged"):
                latest[(str(row.get("target")), str(row.get("os")))] = row["id"]
        if not latest:
            how = (f"rtbench study {study.id} --measure --campaign {study.campaigns[0]}" if study.campaigns
                   else f"rtbench run --target {targets[0]}")
            raise RtbenchError(f"no stored run on {', '.join(targets)}", how)
        return [store.load(run_id) for run_id in sorted(latest.values())]


def given_runs(study: studies.Study, args: argparse.Namespace) -> tuple[list[Run], list[str]]:
    """The runs --run names (stored ids or run files), else the latest of each kernel."""
    if args.run == "latest":
        runs = _latest(study, args)
        return runs, [run_name(run) for run in runs]
    specs = [part.strip() for part in args.run.split(",") if part.strip()]
    if not specs:
        raise RtbenchError("--run names no run", "give stored run ids or run files, e.g. --run 3,4")
    runs = [load_run(spec, workspace(args).store) for spec in specs]
    return runs, [run_name(run, spec) for run, spec in zip(runs, specs)]


def show_figures(study: studies.Study, args: argparse.Namespace, plotly: str, shapes: set[str] | None,
                 runs: list[Run] | None = None, names: list[str] | None = None, *, first: bool = False) -> None:
    """The study's figures (of `shapes`, else all) as tables, from the given runs (those that
    have what a figure draws) or else from the reference run each figure names; on an HTML page
    when --html asks. `first`: nothing was printed before them."""
    from ..reports import reference_runs as ref

    drawn: list[study_figures.Drawn] = []
    parts: list[str] = []
    for figure in study_figures.figures(study):
        if shapes is not None and figure.shape not in shapes:
            continue
        if runs is None:
            run = run_from_document(ref.load(figure.run, args.runs))
            drawn.append(study_figures.draw(figure, run, figure.run))
            parts.append(study_figures.text(drawn[-1]))
            continue
        got, without = study_figures.draw_each(figure, runs, names or [])
        drawn += got
        parts += [study_figures.text(one) for one in got]
        if without:
            parts.append(f"{figure.title or 'clock sweep'}: not drawn for {', '.join(without)}: no ok "
                         f"{figure.chain or 'reaction_chain'} result in cycles")
    if parts:
        print(("" if first else "\n") + "\n\n".join(parts))
    if args.html is not None:
        if not drawn:
            raise RtbenchError(f"none of the runs holds what the figures of study '{study.id}' draw",
                               "give a run with a reaction_chain result on CPU variants, or leave out --run")
        from ..reports import sweep_html  # plotly only when a page is asked for
        sweep_html.write_figures(f"rtbench study {study.id}", drawn, args.html, plotly)
        progress(f"wrote {args.html}")


def chosen_shapes(study: studies.Study, view: str | None) -> set[str] | None:
    """The one view or figure --view names (checked to be the study's), else None: all."""
    if view is None:
        return None
    known = list(dict.fromkeys([str(c.get("shape")) for c in study.comparisons]
                               + [str(f.get("shape")) for f in study.figures]))
    if view not in known:
        raise RtbenchError(f"study '{study.id}' has no view or figure '{view}'",
                           f"its views and figures: {', '.join(known) or 'none'}")
    return {view}


def campaign_path(study: studies.Study, name: str) -> Path:
    """A campaign the study's study.toml names: its folder's NAME.toml, else campaigns/NAME.toml."""
    from ..campaign import reference_cells

    if name not in study.campaigns:
        if not study.campaigns:
            raise RtbenchError(f"study '{study.id}' names no campaigns",
                               f"add campaigns = [\"NAME\"] to {study.folder / 'study.toml'}, or measure its "
                               f"reference cells with rtbench study {study.id} --measure")
        raise RtbenchError(f"study '{study.id}' has no campaign '{name}'",
                           unknown_hint(name, study.campaigns, "campaigns", None))
    own = study.folder / f"{name}.toml"
    return own if own.is_file() else reference_cells.checkout() / "campaigns" / f"{name}.toml"


def _seconds(run: Run) -> str:
    """Each CPU variant's simulation time, as the run records it."""
    recorded = run.manifest.get("run", {})
    single = run.manifest.get("target_settings", {}).get("cpu_variant")
    per_variant = recorded.get("variants") or {single if isinstance(single, str) else "the run": recorded}
    return ", ".join(f"{variant} {facts['seconds']:.1f}" for variant, facts in per_variant.items()
                     if isinstance(facts, dict) and isinstance(facts.get("seconds"), int | float))


def kernel_summary(run: Run, name: str, cell_seconds: float | None) -> str:
    """One campaign run: median cycles and speed-up per CPU variant, and how long it took."""
    target = str(run.manifest.get("target", ""))
    lines = [f"{name} (run {run.run_id}): {target} / {run.manifest.get('kernel', {}).get('name', '')}"]
    if len(variants.by_variant(run)) > 1:  # a run on several CPU variants: what the caches buy
        baseline = baseline_variant(target, run)
        lines[0] += f", median cycles per CPU variant and speed-up over {baseline}"
        try:
            names, rows = variants.cache_study(run, baseline)
            lines.append(variants.cache_table(names, rows, baseline))
        except RtbenchError as err:
            lines.append(str(err.args[0]))
    if _seconds(run):
        lines.append(f"simulation (s): {_seconds(run)}")
    if cell_seconds is not None:
        lines.append(f"the whole cell (s; building the image and any SoC model included): {cell_seconds:.0f}")
    return "\n".join(lines)


def measure_campaign(study: studies.Study, args: argparse.Namespace, plotly: str) -> int:
    """Runs a campaign of the study's into the workspace (cells stored before are kept), then
    prints each run's summary, the study beside the runs and its figures from them."""
    from ..campaign import cells as campaign_cells
    from ..campaign import execution, matrix
    from ..campaign.reference_cells import cell_name
    from ..reports import published_studies
    from . import campaign as campaign_cli

    execution.check_workers(args.workers)
    plan = matrix.read(campaign_path(study, args.campaign))
    cells = campaign_cells.expand(plan)
    if args.dry_run:
        first = cells[0].request
        print(f"campaign {plan.name}: {len(cells)} cell(s), benchmarks {first.bench}, {first.iterations} iterations")
        for cell in cells:
            request = cell.request
            print(f"{cell_name(cell.axes):<24} {request.target} {request.os or ''} {request.profile} "
                  f"{','.join(request.variants or [])}")
        return 0
    home = workspace(args)
    done, summary = campaign_cli.execute(plan, cells, home, scheduler=None, workers=args.workers)
    status = campaign_cli.print_outcome(plan, cells, done, summary)
    ran = {d.cell.key: d for d in summary.done}
    picked = [(cell, ran[cell.key].run_id if cell.key in ran else done.get(cell.key)) for cell in cells]
    picked = [(cell, run_id) for cell, run_id in picked if run_id is not None]
    if not picked:
        return status
    with Store(home.store, read_only=True) as store:
        runs = [store.load(run_id) for _, run_id in picked]
    names = [cell_name(cell.axes) for cell, _ in picked]
    for run, name, (cell, _) in zip(runs, names, picked):
        print("\n" + kernel_summary(run, name, ran[cell.key].seconds if cell.key in ran else None))
    shapes = chosen_shapes(study, args.view)
    print("\n" + published_studies.beside_text(study.id, runs, names, shapes), end="")
    show_figures(study, args, plotly, shapes, runs, names)
    return status
