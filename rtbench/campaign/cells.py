# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A matrix expanded into cells: every combination of the axes' values that no exclusion leaves
out, times the repeats. Each cell is the RunRequest `rtbench run` would make, checked as `run`
checks it before building, and its identity (see identity.py)."""
from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..acquire import runners, shard_split, sources
from ..acquire.platforms import Kernel
from ..acquire.session import RunRequest, prepare
from ..errors import RtbenchError
from ..paths import firmware_dir
from . import identity as cell_identity
from . import settings as cell_settings
from .matrix import AxisValue, Matrix, MatrixError


@dataclass(frozen=True)
class Cell:
    axes: dict[str, str]  # axis name -> the value's label, in the matrix's axis order
    repeat: int  # 1..repeats
    settings: dict[str, Any]  # what the cell was given, normalised
    request: RunRequest
    identity: dict[str, Any]  # everything that can change its numbers
    key: str  # the identity's hash
    measures_host: bool  # a cell on this machine's own kernel (--target linux): it runs alone
    shards: tuple[shard_split.Shard, ...] = ()  # its run's parts, each on a worker, when it is sharded

    def title(self, repeats: int = 1) -> str:
        text = " ".join(f"{axis}={label}" for axis, label in self.axes.items()) or "the single cell"
        return f"{text} #{self.repeat}" if repeats > 1 else text


def _merge(matrix: Matrix, chosen: tuple[AxisValue, ...]) -> dict[str, Any]:
    """The shared settings plus each axis value's; a setting given twice is an error."""
    merged = {key: value for key, value in matrix.settings.items() if key != "options"}
    options = dict(matrix.settings.get("options", {}))
    given: dict[str, str] = {key: f"[settings] (line {matrix.setting_lines.get(key, '?')})" for key in merged}
    given.update({f"options.{key}": f"[settings] (line {matrix.setting_lines.get('options', '?')})"
                  for key in options})
    for axis, value in zip(matrix.axes, chosen):
        here = f"axis '{axis.name}' (line {value.line})"
        for key, setting in value.settings.items():
            pairs = [(f"options.{k}", v) for k, v in setting.items()] if key == "options" else [(key, setting)]
            for name, item in pairs:
                if name in given:
                    raise MatrixError(f"{matrix.path}:{value.line}: axes.{axis.name}: {name} is set both by {here} "
                                      f"and by {given[name]}", "give each setting in one place only")
                given[name] = here
                if name.startswith("options."):
                    options[name[len("options."):]] = item
                else:
                    merged[name] = item
    if "tick" in merged and "profile" in merged:
        line = max(int(x) for x in re.findall(r"line (\d+)", given["tick"] + given["profile"]) or ["1"])
        raise MatrixError(f"{matrix.path}:{line}: tick ({given['tick']}) and profile ({given['profile']}) both "
                          "choose the kernel profile", f"tick {merged['tick']} is the profile "
                          f"{cell_settings.TICK_PROFILES[merged['tick']]}: give one of them")
    if options:
        merged["options"] = options
    return merged


def _lines_of(matrix: Matrix, cell: Cell) -> list[int]:
    return [value.line for axis in matrix.axes for value in axis.values if cell.axes.get(axis.name) == value.label]


def _refuse_same_cells(matrix: Matrix, cells: list[Cell]) -> None:
    """Two cells with one identity would be measured once and stored twice (the store knows a
    cell by its key): the matrix gives one cell under two labels, as opt = ["-O2", "-O2 "]."""
    first: dict[str, Cell] = {}
    for cell in cells:
        if cell.key not in first:
            first[cell.key] = cell
            continue
        other = first[cell.key]
        lines = sorted(set(_lines_of(matrix, other) + _lines_of(matrix, cell)))
        where = f" (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))})" if lines else ""
        raise MatrixError(f"{matrix.path}{where}: the cells '{other.title()}' and '{cell.title()}' are the same "
                          "cell: every setting that can change their numbers is equal",
                          "give each cell once: drop one of the two values, or leave one cell out with an "
                          "[[exclude]] table")


# The most combinations a matrix may have: each cell is checked as `rtbench run` would check it
# (tens of milliseconds), and a campaign of more cells runs for weeks on one machine.
MAX_CELLS = 10_000


def expand(matrix: Matrix, locate: Callable[[Kernel, Path | None], sources.KernelSource] = sources.locate
           ) -> list[Cell]:
    """Every cell of the matrix, checked; a cell that `rtbench run` would refuse is a MatrixError
    naming the cell and its lines (leave it out with [[exclude]])."""
    combinations = math.prod(len(axis.values) for axis in matrix.axes)
    if combinations > MAX_CELLS:
        raise RtbenchError(f"the matrix {matrix.name} has {combinations:,} combinations of its axes, more than "
                           f"the {MAX_CELLS:,} a campaign takes",
                           "split it into several matrix files, or leave combinations out with [[exclude]] "
                           "(they count here before exclusion)")
    fingerprint = cell_identity.firmware_fingerprint(firmware_dir())
    located: dict[tuple[str, Path | None], sources.KernelSource] = {}
    cells = []
    for chosen in itertools.product(*(axis.values for axis in matrix.axes)):
        labels = {axis.name: value.label for axis, value in zip(matrix.axes, chosen)}
        if any(exclusion.matches(labels) for exclusion in matrix.exclusions):
            continue
        merged = _merge(matrix, chosen)
        request = cell_settings.request(merged)
        title = " ".join(f"{k}={v}" for k, v in labels.items()) or "the single cell"
        lines = ", ".join(str(value.line) for value in chosen)
        try:
            plan = prepare(request)
            kernel = plan.kernel
            if not kernel.runs_on(plan.target):
                raise RtbenchError(f"the {kernel.name} port does not support {plan.target.name} ({plan.target.arch})")
            shard_split.check_shardable(plan.target, merged.get("shards", 1))
            source_key = (kernel.name, request.kernel_src)
            if source_key not in located:
                located[source_key] = locate(kernel, request.kernel_src)
            source = located[source_key]
        except RtbenchError as err:
            where = f"{matrix.path}" + (f" (lines {lines})" if lines else "")
            raise MatrixError(f"{where}: cell {title}: {err.args[0]}",
                              (f"{err.hint}; or " if err.hint else "") + "leave the cell out with an [[exclude]] table"
                              ) from None
        registry = source.origin.startswith("crate ")  # pinned by its checksum: the path is the machine's cache
        ident: dict[str, Any] = {
            "firmware": fingerprint, "target": plan.target.name, "kernel": kernel.name,
            "kernel_source": {"version": source.version, "origin": source.origin,
                              "path": None if registry or source.path is None else str(source.path)},
            "profile": request.profile, "opt": request.opt_flags, "variants": plan.variants, "count": request.count,
            "iterations": request.iterations, "warmup": request.warmup,
            "options": dict(sorted(request.options.items())),
            "benches": [b.name for b in plan.selected], "clock_hz": request.clock_hz, "load": request.load,
        }
        if request.cold:  # an image of its own, whose other samples differ; absent, the keys stay as they were
            ident["cold"] = True
        shards = tuple(shard_split.split(plan.selected, merged.get("shards", 1), request.iterations, request.warmup,
                                         request.options))
        if len(shards) > 1:  # some samples can differ from the unsharded cell's (docs/guides/speed.md)
            ident["shards"] = len(shards)
        measures_host = plan.target.runner in runners.HOST_RUNNERS
        for repeat in range(1, matrix.repeats + 1):
            full = {**ident, "repeat": repeat}
            cells.append(Cell(axes=labels, repeat=repeat, settings=merged, request=request, identity=full,
                              key=cell_identity.cell_key(full), measures_host=measures_host,
                              shards=shards if len(shards) > 1 else ()))
    if not cells:
        raise MatrixError(f"{matrix.path}: the exclusions leave out every cell: the campaign would run nothing",
                          "remove or narrow an [[exclude]] table")
    _refuse_same_cells(matrix, cells)
    return cells
