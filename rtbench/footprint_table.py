"""`rtbench footprint`: build every kernel x profile for a target and tabulate its memory footprint."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import sources
from .build import build_image
from .footprint import DETAILED_KINDS, parse_map_detailed
from .paths import Workspace
from .platforms import Kernel, find_kernel, find_target, kernels

# The rows printed per image: the kernel, rtbench's adapter to it, the benchmark code, the rest.
PARTS = (("kernel", ("kernel",)), ("port", ("port",)), ("benchmarks", ("bench",)))
REST = "rest"
IMAGE = "image"
COLUMNS = ("text", "rodata", "data", "bss")  # bss includes .noinit


@dataclass
class Footprint:
    kernel: str
    profile: str
    version: str
    layers: dict[str, dict[str, int]]

    def part(self, layers: tuple[str, ...]) -> dict[str, int]:
        sizes = {k: sum(self.layers.get(layer, {}).get(k, 0) for layer in layers) for k in DETAILED_KINDS}
        return {"text": sizes["text"], "rodata": sizes["rodata"], "data": sizes["data"],
                "bss": sizes["bss"] + sizes["noinit"]}

    def parts(self) -> list[tuple[str, dict[str, int]]]:
        named = {layer for _, group in PARTS for layer in group}
        rest = tuple(layer for layer in self.layers if layer not in named)
        return ([(name, self.part(group)) for name, group in PARTS]
                + [(REST, self.part(rest)), (IMAGE, self.part(tuple(self.layers)))])


def measure(target_name: str, workspace: Workspace, kernel_names: list[str] | None = None,
            profiles: list[str] | None = None, opt_flags: str = "-O2",
            progress: Callable[[str], None] = lambda _m: None) -> list[Footprint]:
    """Builds (or reuses) each image and reads its footprint from the linker map."""
    target = find_target(target_name)
    chosen: list[Kernel] = ([find_kernel(n) for n in kernel_names] if kernel_names
                            else [k for k in kernels() if k.runs_on(target)])
    out = []
    for kernel in chosen:
        source = sources.locate(kernel)
        for profile in profiles or kernel.profiles:
            progress(f"build   {target.name}/{kernel.name}/{profile}")
            build = build_image(target, kernel, profile, source, workspace, opt_flags, progress)
            out.append(Footprint(kernel.name, profile, source.version,
                                 parse_map_detailed(build.map_file.read_text(errors="replace"))))
    return out


def to_text(footprints: list[Footprint], target: str, opt_flags: str) -> str:
    heads = ("kernel", "version", "profile", "part", *COLUMNS, "total")
    rows = []
    for fp in footprints:
        for name, sizes in fp.parts():
            rows.append([fp.kernel, fp.version, fp.profile, name, *(str(sizes[c]) for c in COLUMNS),
                         str(sum(sizes.values()))])
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]

    def line(cells: list[str] | tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) if i < 4 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    out = [f"footprint in bytes on {target} ({opt_flags}), from the linker map", line(heads),
           line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    out += ["bss includes .noinit (sample buffers, task stacks). port: rtbench's adapter to the kernel.",
            "rest: rtbench's core, the target's start-up and drivers, the C library and linker padding."]
    return "\n".join(out)


def to_json(footprints: list[Footprint], target: str, opt_flags: str) -> dict[str, Any]:
    return {"target": target, "opt_flags": opt_flags, "unit": "bytes",
            "images": [{"kernel": fp.kernel, "version": fp.version, "profile": fp.profile,
                        "parts": dict(fp.parts()), "layers": fp.layers} for fp in footprints]}
