# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench footprint`'s measurement: build every kernel x profile for a target (or one image per
benchmark file) and read each image's memory footprint from its linker map, checked against its ELF.
analysis/footprint_table.py tabulates what this returns."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from ..paths import Workspace
from . import catalogue, elf, sources
from .build import ONLY_PREFIX, build_image
from .footprint import DETAILED_KINDS, KINDS, parse_map_detailed, section_kind
from .platforms import Kernel, find_kernel, find_target, kernels

# The parts an image is told in: the kernel, rtbench's adapter to it, the benchmark code, the rest.
PARTS = (("kernel", ("kernel",)), ("port", ("port",)), ("benchmarks", ("bench",)))
REST = "rest"
IMAGE = "image"


@dataclass
class Footprint:
    kernel: str
    profile: str
    version: str
    layers: dict[str, dict[str, int]]
    # The benchmark file built alone (firmware/bench/NAME.c: its service only), and the benchmarks
    # it holds; None: the image of the whole catalogue.
    build: str | None = None
    benchmarks: tuple[str, ...] = ()

    def part(self, layers: tuple[str, ...]) -> dict[str, int]:
        sizes = {k: sum(self.layers.get(layer, {}).get(k, 0) for layer in layers) for k in DETAILED_KINDS}
        return {"text": sizes["text"], "rodata": sizes["rodata"], "data": sizes["data"],
                "bss": sizes["bss"] + sizes["noinit"]}

    def parts(self) -> list[tuple[str, dict[str, int]]]:
        named = {layer for _, group in PARTS for layer in group}
        rest = tuple(layer for layer in self.layers if layer not in named)
        return ([(name, self.part(group)) for name, group in PARTS]
                + [(REST, self.part(rest)), (IMAGE, self.part(tuple(self.layers)))])


def check_against_elf(layers: dict[str, dict[str, int]], elf_path: Path) -> None:
    """The map's totals per kind must equal the ELF's allocated section sizes."""
    try:
        found = elf.sections(elf_path)
    except elf.ElfError as err:
        raise RtbenchError(str(err), "rebuild the image (delete its build directory)") from None
    from_elf = dict.fromkeys(KINDS, 0)
    for section in found:
        kind = section_kind(section.name) if section.allocated else None
        if kind is not None:
            from_elf[kind] += section.size
    from_map = {kind: sum(sizes.get(kind, 0) for sizes in layers.values()) for kind in KINDS}
    from_map["text"] += sum(sizes.get("rodata", 0) for sizes in layers.values())
    if from_map != from_elf:
        raise RtbenchError(f"the linker map and {elf_path.name} disagree on sizes: map {from_map}, ELF {from_elf}",
                           "the map may be stale: rebuild the image (delete its build directory)")


@dataclass(frozen=True)
class BenchBuild:
    """One benchmark file built alone: its stem, the benchmarks it registers, and whether its image
    needs the kernel's optional services or trace hooks (the defines the catalogue's images use)."""

    stem: str
    benchmarks: tuple[str, ...]
    services: bool
    traced: bool


def bench_builds(patterns: str) -> list[BenchBuild]:
    """The benchmark files that hold the benchmarks `patterns` names (names or globs, as --bench),
    in catalogue order. A benchmark the host computes, or one whose file is not alone at the top
    of firmware/bench (a suite sharing helpers), cannot be built alone: an error names it."""
    files: dict[str, list[catalogue.BenchInfo]] = {}
    every = catalogue.scan()
    try:
        chosen = catalogue.select(every, patterns)
    except RtbenchError as err:
        raise RtbenchError(str(err.args[0]).replace("--bench", "--per-bench"), err.hint) from None
    for info in chosen:
        folder, _, name = info.source.rpartition("/")
        if info.host or folder != "firmware/bench":
            raise RtbenchError(f"--per-bench: {info.name} cannot be built alone "
                               + ("(the host computes it)" if info.host else f"({info.source} shares helpers)"),
                               "name benchmarks from files at the top of firmware/bench")
        # The image holds every benchmark its file registers, the ones not asked for too.
        files.setdefault(name.removesuffix(".c"), [b for b in every if b.source == info.source])
    return [BenchBuild(stem, tuple(b.name for b in infos), any(b.services for b in infos),
                       any(b.traced for b in infos)) for stem, infos in files.items()]


def _defines(kernel: Kernel, build: BenchBuild) -> tuple[str, ...]:
    wanted = (("services_define", build.services), ("trace_define", build.traced))
    return tuple(str(kernel.spec[key]) for key, needed in wanted if needed and kernel.spec.get(key))


def measure(target_name: str, workspace: Workspace, kernel_names: list[str] | None = None,
            profiles: list[str] | None = None, opt_flags: str = "-O2",
            progress: Callable[[str], None] = lambda _m: None,
            per_bench: list[BenchBuild] | None = None) -> list[Footprint]:
    """Builds (or reuses) each image and reads its footprint from the linker map: the catalogue's,
    or with `per_bench` one image per benchmark file (its service only)."""
    target = find_target(target_name)
    chosen: list[Kernel] = ([find_kernel(n) for n in kernel_names] if kernel_names
                            else [k for k in kernels() if k.runs_on(target)])
    out = []
    for kernel in chosen:
        try:
            source = sources.locate(kernel)
        except RtbenchError as err:
            if kernel_names:  # asked for by name: the user must hear why it cannot be built
                raise
            progress(f"skip    {kernel.name}: {str(err).splitlines()[0]}")
            continue
        # Per benchmark, the default profile unless asked: one image per file and profile adds up.
        every = ["default"] if per_bench is not None else kernel.profiles
        for profile in profiles or [p for p in every if kernel.profile_runs_on(p, target)]:
            for alone in per_bench if per_bench is not None else [None]:
                what = f" ({alone.stem} alone)" if alone else ""
                progress(f"build   {target.name}/{kernel.name}/{profile}{what}")
                if alone is None:
                    build = build_image(target, kernel, profile, source, workspace, opt_flags, progress)
                else:
                    build = build_image(target, kernel, profile, source, workspace, opt_flags, progress,
                                        _defines(kernel, alone), image=ONLY_PREFIX + alone.stem)
                layers = parse_map_detailed(build.map_file.read_text(errors="replace"))
                check_against_elf(layers, build.elf)
                out.append(Footprint(kernel.name, profile, source.version, layers,
                                     alone.stem if alone else None, alone.benchmarks if alone else ()))
    return out
