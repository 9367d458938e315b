# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The runs of a sharded run's shards merged into one run document, whose manifest says so.

The merged manifest is the first shard's that ran (every shard builds the same inputs, so
the kernel, compiler, tools and image are the same), with the whole selection as its
benchmarks, and `shards`: how many, how they were cut and, for each, its benchmarks, the hash
of every image it ran, its status and its own run settings (log, command, seconds). A shard
that produced no run (its process crashed, timed out or could not start) loses nothing of
the others: its benchmarks are results with status `error` and the cause."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..model import Result, Run
from .catalogue import BenchInfo
from .provenance import file_sha256
from .shard_split import Shard

SPLIT = "consecutive benchmarks in catalogue order, balanced by estimated cost (rtbench/data/shard_costs.toml)"
IMAGE_KINDS = ("instrumented", "services")


@dataclass
class ShardOutcome:
    """What one shard came back with: its run, or why there is none."""

    shard: Shard
    run: Run | None
    error: str | None = None
    host: str = ""
    seconds: float = 0.0
    cpu_seconds: float | None = None  # the shard's process and its emulator, where it was measured


def _sha256(entry: dict[str, Any]) -> str | None:
    """An image's hash from its manifest entry, else from the file where this machine has it."""
    if entry.get("sha256"):
        return str(entry["sha256"])
    path = Path(str(entry.get("elf") or entry.get("image") or ""))
    return file_sha256(path) if path.name and path.is_file() else None


def shard_images(manifest: dict[str, Any]) -> dict[str, str | None]:
    """Every image a shard's run used, by kind (plain, instrumented, services): its SHA-256."""
    settings = manifest.get("run", {})
    image = manifest.get("image", {})
    main = next((kind for kind in IMAGE_KINDS if isinstance(settings.get(kind), dict)
                 and settings[kind].get("defines") == image.get("defines")), "plain")
    images = {main: _sha256(image)}
    for kind in IMAGE_KINDS:
        if kind != main and isinstance(settings.get(kind), dict):
            images[kind] = _sha256(settings[kind])
    return images


def _first_line(error: str | None) -> str:
    """An error's first line, without the colon that introduces the output it quotes."""
    lines = (error or "").strip().splitlines()
    return lines[0].rstrip(":") if lines else "no result"


def _failed(outcome: ShardOutcome, unit: str, variants: list[str], variant_param: str) -> list[Result]:
    """The results a shard without a run stands for: each benchmark (on each variant) an error."""
    reason = f"not run: {outcome.shard.name} failed: {_first_line(outcome.error)}"
    params: list[dict[str, Any]] = [{variant_param: v} for v in variants] if len(variants) > 1 else [{}]
    return [Result(bench=name, params=dict(p), unit=unit, status="error", reason=reason)
            for name in outcome.shard.benches for p in params]


def _record(outcome: ShardOutcome) -> dict[str, Any]:
    shard, run = outcome.shard, outcome.run
    record: dict[str, Any] = {"index": shard.index, "benches": list(shard.benches),
                              "estimated_cost": round(shard.cost), "host": outcome.host,
                              "seconds": round(outcome.seconds, 1), "cpu_seconds": outcome.cpu_seconds}
    if run is None:
        record.update(status="error", error=outcome.error or "no result", images={})
        return record
    interrupted = run.manifest.get("interrupted")
    record.update(status="interrupted" if interrupted else "ok", error=None, images=shard_images(run.manifest),
                  run=run.manifest.get("run", {}), created=run.manifest.get("created"))
    return record


def _union_kinds(settings: dict[str, Any], runs: list[Run]) -> None:
    """The instrumented and services images' benchmarks, over every shard."""
    for kind in IMAGE_KINDS:
        entries = [r.manifest.get("run", {}).get(kind) for r in runs]
        present = [e for e in entries if isinstance(e, dict)]
        if present:
            merged = copy.deepcopy(present[0])
            merged["benches"] = [b for e in present for b in e.get("benches", [])]
            settings[kind] = merged


def _consistency_warnings(records: list[dict[str, Any]]) -> list[str]:
    """Shards that ran other images than the rest (another machine's tools, a rebuild between)."""
    warnings = []
    for kind in ("plain", *IMAGE_KINDS):
        hashes = {r["images"][kind] for r in records if r["images"].get(kind)}
        if len(hashes) > 1:
            warnings.append(f"the shards ran different {kind} images ({', '.join(sorted(hashes))}): "
                            "their results are not one run's")
    return warnings


def merge(outcomes: list[ShardOutcome], selected: list[BenchInfo], unit: str, variants: list[str],
          variant_param: str) -> Run:
    """One run of every shard's results, in catalogue order. Raises RtbenchError when no shard
    produced a run (nothing was measured)."""
    runs = [o.run for o in outcomes if o.run is not None]
    if not runs:
        errors = "; ".join(f"{o.shard.name}: {_first_line(o.error)}" for o in outcomes)
        raise RtbenchError(f"no shard produced a run: {errors}")
    base = runs[0]
    manifest = copy.deepcopy(base.manifest)
    settings = manifest.setdefault("run", {})
    settings["benches"] = [b.name for b in selected]
    _union_kinds(settings, runs)
    records = [_record(o) for o in outcomes]
    manifest["shards"] = {"count": len(outcomes), "split": SPLIT, "shards": records}
    manifest["stream_errors"] = [f"{o.shard.name}: {e}" for o in outcomes if o.run is not None
                                 for e in o.run.manifest.get("stream_errors", [])]
    manifest["stream_errors"] += [f"{o.shard.name}: {(o.error or 'no result').strip()}" for o in outcomes
                                  if o.run is None]
    warnings = [w for r in runs for w in r.manifest.get("warnings", [])] + _consistency_warnings(records)
    manifest["warnings"] = list(dict.fromkeys(warnings))
    for run in runs:
        if "footprint" in run.manifest:
            manifest["footprint"] = run.manifest["footprint"]
    interrupted = [r.manifest["interrupted"] for r in runs if r.manifest.get("interrupted")]
    if interrupted:
        manifest["interrupted"] = interrupted[0]
    unit = str(manifest.get("unit") or unit)
    results = [r for o in outcomes for r in (o.run.results if o.run is not None
                                             else _failed(o, unit, variants, variant_param))]
    rank = {b.name: i for i, b in enumerate(selected)}
    results.sort(key=lambda r: rank.get(r.bench, len(rank)))
    return Run(manifest=manifest, results=results)
