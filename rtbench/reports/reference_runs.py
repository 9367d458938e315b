# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The reference runs: the deterministic cells behind every published table, measured by the
campaign campaigns/reference.toml and stored as docs/reference/<cell>.json.gz (the run as
`rtbench report --json` writes it, schema rtbench-run/1, every raw sample kept).

The stored copy is the run itself with this machine taken out: every path under the workspace,
the kernel tree, the rtbench checkout or the home directory starts with a placeholder
(`<workspace>`, `<kernel-tree>`, `<rtbench>`, `~`) instead, and the campaign record loses the
worker's name and the cell's wall time. Nothing that can change a number is removed: the
kernel tree's identity (kernel.tree), the tools' versions and hashes, the image's hash.

One command measures them again and writes them (REGENERATE, through campaign/reference_cells.py);
the exact check re-measures the cells and compares every result's median, status and samples with
the stored run (compare)."""
from __future__ import annotations

import copy
import functools
import gzip
import json
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..campaign.reference_cells import checkout
from ..errors import RtbenchError
from ..model import Run, result_label
from ..paths import checkout_dir
from ..results import schema
from ..results.split import Split, median_split
from ..results.stats import summarize
from .report import run_to_json

# The command that measures every reference cell again and rewrites docs/reference/.
REGENERATE = "python3 scripts/reference_runs.py"
SUFFIX = ".json.gz"
# Parts of the campaign's record that say where and how fast a cell ran, not what it measured.
_VOLATILE_CAMPAIGN_KEYS = ("worker", "seconds")


def reference_dir() -> Path:
    return checkout() / "docs" / "reference"


def regenerate_command(patterns: Iterable[str] = ()) -> str:
    """The command that measures (some of) the reference cells again and stores them."""
    chosen = [p for p in patterns if p != "*"]
    return REGENERATE + "".join(f" --cells '{p}'" for p in chosen)


# -- the stored runs ---------------------------------------------------------------------------

def path_of(name: str, directory: Path | None = None) -> Path:
    return (directory or reference_dir()) / f"{name}{SUFFIX}"


def names(directory: Path | None = None) -> list[str]:
    """The stored reference runs' cell names, sorted."""
    folder = directory or reference_dir()
    return sorted(p.name[: -len(SUFFIX)] for p in folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def load(name: str, directory: Path | None = None) -> dict[str, Any]:
    """A stored reference run as its JSON document (the caller's own copy)."""
    return copy.deepcopy(shared(name, directory))


def shared(name: str, directory: Path | None = None) -> dict[str, Any]:
    """A stored reference run as its JSON document, the one copy every caller shares: for code
    that only reads it (the site quotes a few runs hundreds of times; copying the document for
    each quote was most of the site's build)."""
    path = path_of(name, directory)
    try:
        stat = path.stat()
    except FileNotFoundError:
        known = ", ".join(names(directory)) or "none"
        raise RtbenchError(f"no reference run '{name}' ({path} is missing)",
                           f"stored: {known}; measure them with {REGENERATE}") from None
    except OSError as err:
        raise RtbenchError(f"cannot read the reference run {path}: {err}") from None
    return _read(path, stat.st_mtime_ns, stat.st_size)


# The site quotes a few runs hundreds of times: each file is read and validated once per content.
@functools.lru_cache(maxsize=128)
def _read(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            doc = json.load(file)
    except (OSError, ValueError) as err:
        raise RtbenchError(f"cannot read the reference run {path}: {err}") from None
    schema.validate(doc, schema.RUN, str(path))
    for row in doc["results"]:
        # A run stored before a statistic existed (the MAD) gets it from its samples, as every
        # reader recomputes statistics; the stored ones stay as they were.
        if row["status"] == "ok" and row.get("samples"):
            for key, stat in summarize(row["samples"]).items():
                row.setdefault(key, stat)
            # The split is the definition's (rtbench/results/split.py), so it is always taken
            # from the samples: a stored run keeps no verdict of an older definition.
            split = median_split(row["samples"])
            row.pop("median_split", None)
            if split is not None:
                row["median_split"] = split.record()
    return dict(doc)


def write(name: str, doc: dict[str, Any], directory: Path | None = None) -> Path:
    """Stores a reference run gzipped, byte-identical for the same document (no time in the
    gzip header), so that measuring again without a change leaves git with nothing to commit
    but the manifest's creation time."""
    path = path_of(name, directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return path


# -- taking the machine out ---------------------------------------------------------------------

def _prefixes(doc: dict[str, Any], workspace: Path | None) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    kernel = doc.get("manifest", {}).get("kernel", {})
    if isinstance(kernel, dict) and isinstance(kernel.get("source"), str) and kernel["source"].startswith("/"):
        found.append((str(Path(kernel["source"])), "<kernel-tree>"))
    if workspace is not None:
        found.append((str(workspace.resolve()), "<workspace>"))
        found.append((str(workspace), "<workspace>"))
    root = checkout_dir()
    if root is not None:
        found.append((str(root), "<rtbench>"))
    found.append((str(Path.home()), "~"))
    # Longest first: a workspace inside the home directory becomes <workspace>, not ~/...
    return sorted({p: r for p, r in found if p not in ("", "/")}.items(), key=lambda item: -len(item[0]))


def _relative(text: str, prefixes: list[tuple[str, str]]) -> str:
    if "=/" in text:
        # An option's value inside one argument (QEMU's `-plugin LIB,params=PATH,out=PATH`).
        text = _EMBEDDED_PATH.sub(lambda m: m.group(1) + _leading(m.group(2), prefixes), text)
    option = _OPTION_PATH.match(text)
    if option:
        # A compiler option joined to its path (`-B/path/lib/`: RTEMS's kernel libraries).
        return option.group(1) + _leading(option.group(2), prefixes)
    return _leading(text, prefixes)


def _leading(text: str, prefixes: list[tuple[str, str]]) -> str:
    for prefix, placeholder in prefixes:
        if text == prefix or text.startswith(prefix + "/"):
            return placeholder + text[len(prefix):]
    scratch = tempfile.gettempdir() + "/"
    if text.startswith(scratch):
        # A run's own scratch directory (the guest's initramfs): its random name says nothing.
        return "<tmp>/" + text[len(scratch):].partition("/")[2]
    return text


_EMBEDDED_PATH = re.compile(r"(=)(/[^,]*)")
_OPTION_PATH = re.compile(r"^(-[A-Za-z])(/.*)$")


def _walk(value: Any, prefixes: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        return _relative(value, prefixes)
    if isinstance(value, list):
        return [_walk(v, prefixes) for v in value]
    if isinstance(value, dict):
        return {k: _walk(v, prefixes) for k, v in value.items()}
    return value


def portable(doc: dict[str, Any], workspace: Path | None = None) -> dict[str, Any]:
    """The run's manifest without this machine's paths (see the module's docstring); results untouched."""
    out = dict(doc)
    manifest = _walk(doc.get("manifest", {}), _prefixes(doc, workspace))
    record = manifest.get("campaign")
    if isinstance(record, dict):
        manifest["campaign"] = {k: v for k, v in record.items() if k not in _VOLATILE_CAMPAIGN_KEYS}
    out["manifest"] = manifest
    return out


def document(run: Run, workspace: Path) -> dict[str, Any]:
    """A measured reference run as it is stored: its JSON document without this machine's paths."""
    return portable(run_to_json(run), workspace)


def without_paths(value: Any, workspace: Path | None = None) -> Any:
    """Any other stored document (a calibration) with this machine's paths replaced as in a run's."""
    return _walk(value, _prefixes({}, workspace))


def stored_seconds(name: str) -> float:
    """How long the cell's stored run ran (0 for one not stored yet): reference_cells.measure starts
    the longest first, so that the cells left for the last free worker are short ones (PREEMPT_RT
    Linux's catalogue runs for minutes, the Cortex-M cells for one or two; started last, it ran
    alone at the end)."""
    if name not in names():
        return 0.0
    return float(shared(name)["manifest"].get("run", {}).get("seconds") or 0.0)


# -- comparing ---------------------------------------------------------------------------------

def label(row: dict[str, Any]) -> str:
    """A result's name with its parameters: `tick_cost[tasks=5]`."""
    return result_label(str(row["bench"]), row.get("params", {}))


def figure(row: dict[str, Any] | None) -> str:
    """What a published table shows for a result: its median (both values and the upper group's
    share when it is split), or its status when it is not ok."""
    if row is None:
        return "absent"
    if row.get("status") != "ok":
        return str(row.get("status"))
    split = row.get("median_split")
    if split:
        return Split.from_record(split).text(_whole)
    return _whole(row.get("p50"))


def _whole(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


@dataclass(frozen=True)
class Change:
    cell: str
    label: str
    stored: str
    measured: str

    def __str__(self) -> str:
        return f"{self.cell}: {self.label}: stored {self.stored}, measured {self.measured}"


def compare(cell: str, stored: dict[str, Any], measured: dict[str, Any]) -> list[Change]:
    """Every result whose median or status differs between the stored and the measured run, every
    result with the same median but other samples (an emulated run repeats sample for sample),
    and every result only one of them has, in the stored run's order."""
    before = {label(row): row for row in stored.get("results", [])}
    after = {label(row): row for row in measured.get("results", [])}
    changes = []
    for name in list(before) + [n for n in after if n not in before]:
        old, new = figure(before.get(name)), figure(after.get(name))
        if old != new:
            changes.append(Change(cell, name, old, new))
        elif before[name].get("samples") != after[name].get("samples"):
            where = _first_difference(before[name].get("samples") or [], after[name].get("samples") or [])
            changes.append(Change(cell, name, f"{old} (stored samples)", f"{new}, other samples ({where})"))
        else:
            changes += _model_change(cell, name, before[name].get("model_cycles"), after[name].get("model_cycles"))
    return changes


def _model_change(cell: str, name: str, stored: dict[str, Any] | None, measured: dict[str, Any] | None) -> list[Change]:
    """A result's model cycles (rtbench run --cycles-model) that differ: another unit (model or
    parameters), median, reason or sample."""
    def shown(row: dict[str, Any] | None) -> str:
        if row is None:
            return "none"
        return f"{row['unit']}: " + (_whole(row.get("p50")) if row.get("n") else f"none ({row.get('reason', '')})")

    if (stored or {}).get("samples") == (measured or {}).get("samples") and shown(stored) == shown(measured):
        return []
    if shown(stored) != shown(measured):
        return [Change(cell, f"{name} in model cycles", shown(stored), shown(measured))]
    assert stored is not None and measured is not None
    where = _first_difference(stored.get("samples") or [], measured.get("samples") or [])
    return [Change(cell, f"{name} in model cycles", f"{shown(stored)} (stored samples)",
                   f"{shown(measured)}, other samples ({where})")]


def _first_difference(stored: list[Any], measured: list[Any]) -> str:
    """Where two sample lists part: `sample 859 of 1000: 2548 -> 2550, 85 differ`."""
    if len(stored) != len(measured):
        return f"{len(measured)} samples where {len(stored)} were stored"
    differ = [i for i, (a, b) in enumerate(zip(stored, measured)) if a != b]
    first = differ[0]
    return f"sample {first} of {len(stored)}: {stored[first]} -> {measured[first]}, {len(differ)} differ"


def report(changes: list[Change]) -> str:
    """The changed figures, and the command that stores the new ones (every cell, so that the
    tables stay from one tree; the changed cells alone as the quicker alternative)."""
    lines = [f"{len(changes)} reference figure(s) changed (cell: result: stored, measured):"]
    lines += [f"  {change}" for change in changes]
    lines.append("If the change is intended, measure the reference runs again and commit docs/reference/:")
    lines.append(f"  {REGENERATE}")
    cells = sorted({change.cell for change in changes})
    if regenerate_command(cells) != REGENERATE:
        lines.append(f"  (only the changed cells: {regenerate_command(cells)})")
    return "\n".join(lines)
