# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench footprint`: the images' memory footprints (acquire/footprint_images.py builds them and
reads their linker maps) as a table, its text and its JSON document."""
from __future__ import annotations

from typing import Any

from ..acquire.footprint_images import IMAGE, Footprint
from ..results.schema import FOOTPRINT, stamped
from ..results.tables import Column, Table, as_text, cell

COLUMNS = ("text", "rodata", "data", "bss")  # bss includes .noinit
# The parts a table of images built per benchmark shows: what the kernel costs the service, and the
# whole program (the survey's ROM and RAM per benchmark build); the JSON keeps every part.
ALONE_PARTS = ("kernel", "benchmarks", IMAGE)


def to_table(footprints: list[Footprint]) -> Table:
    alone = any(fp.build for fp in footprints)
    columns = [Column("kernel", "kernel"), Column("version", "version"), Column("profile", "profile")]
    columns += [Column("build", "build", "code")] if alone else []
    columns += [Column("part", "part")]
    columns += [Column(kind, kind, "number") for kind in COLUMNS] + [Column("total", "total", "number")]
    table = Table(columns, empty="no image was built")
    for fp in footprints:
        for name, sizes in fp.parts():
            if alone and name not in ALONE_PARTS:
                continue
            table.add([cell(fp.kernel), cell(fp.version), cell(fp.profile),
                       *([cell(fp.build or "catalogue")] if alone else []), cell(name),
                       *(cell(sizes[c]) for c in COLUMNS), cell(sum(sizes.values()))])
    return table


def to_text(footprints: list[Footprint], target: str, opt_flags: str) -> str:
    out = [f"footprint in bytes on {target} ({opt_flags}), from the linker map (totals checked against the ELF)",
           as_text.render(to_table(footprints)),
           *(["build: the image of one benchmark file alone (its service only); benchmarks: that file's code."]
             if any(fp.build for fp in footprints) else []),
           "bss includes .noinit (sample buffers, task stacks). port: rtbench's adapter to the kernel.",
           "rest: rtbench's core, the target's start-up and drivers, the C library and linker padding."]
    return "\n".join(out)


def to_json(footprints: list[Footprint], target: str, opt_flags: str) -> dict[str, Any]:
    return stamped(FOOTPRINT, {"target": target, "opt_flags": opt_flags, "unit": "bytes",
                               "images": [{"kernel": fp.kernel, "version": fp.version, "profile": fp.profile,
                                           **({"build": fp.build, "benchmarks": list(fp.benchmarks)}
                                              if fp.build else {}),
                                           "parts": dict(fp.parts()), "layers": fp.layers} for fp in footprints]})
