# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench kernels`: each kernel port's profile, as the Anh & Tan survey tabulates kernels
(its Table 2: scheduler, priorities, licence; its Fig. 3: API counts per category), from the
port's description (os.toml [properties]), its kernel tree (the API counted in the public
headers) and two images built from it: the kernel's footprint with one task and nothing else
(firmware/minimal) and with the whole catalogue."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..acquire import processes, sources
from ..acquire.build import MINIMAL, Build, build_image
from ..acquire.footprint import parse_map_detailed
from ..acquire.platforms import Kernel, Target, find_kernel, find_target, kernels
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..results.tables import Column, Table, cell

# The survey's categories, in its order, then what it has no name for.
CATEGORIES = ("task", "synchronisation", "message", "memory", "time", "interrupt", "system", "trace", "other")
# The survey's Table 2 (origin to language), its Table 3 (semaphores) and Table 4 (service calls,
# critical sections), as each port's os.toml [properties] states them for the kernel rtbench builds.
PROPERTIES = (("origin", "origin and design objective"), ("licence", "licence"), ("scheduler", "scheduler"),
              ("priority_levels", "priority levels"), ("equal_priorities", "equal priorities"),
              ("mutex_protocol", "mutex protocol"), ("pool", "pool"), ("documentation", "documentation"),
              ("language", "language"), ("semaphore_create", "semaphore creation parameters"),
              ("semaphore_waiters", "semaphore waiters"), ("service_call", "service call"),
              ("critical_section", "critical section"))


@dataclass
class KernelProfile:
    kernel: str
    version: str = ""
    absent: str = ""  # why the kernel's tree (and so its counts and footprints) is not here
    properties: dict[str, str] = field(default_factory=dict)
    api: dict[str, list[str]] = field(default_factory=dict)  # category -> API names
    footprint: dict[str, dict[str, int]] = field(default_factory=dict)  # image -> text/data/bss of the kernel
    notes: list[str] = field(default_factory=list)


def properties_of(kernel: Kernel) -> dict[str, str]:
    """The port's description; a port of another port's kernel (api_like) takes what it does not
    state from that one's."""
    own = kernel.spec.get("properties", {})
    like = find_kernel(str(own["api_like"])).spec.get("properties", {}) if "api_like" in own else {}
    merged = {**like, **own}
    return {key: str(value) for key, value in merged.items() if key not in ("api", "api_like")}


def _api_spec(kernel: Kernel) -> dict[str, object] | None:
    properties = kernel.spec.get("properties", {})
    if "api_like" in properties:
        properties = find_kernel(str(properties["api_like"])).spec.get("properties", {})
    api = properties.get("api")
    return api if isinstance(api, dict) else None


def api_names(kernel: Kernel, tree: Path) -> dict[str, list[str]]:
    """The kernel's public API found in its headers, by category (empty when the port does not
    describe how to find it)."""
    spec = _api_spec(kernel)
    if spec is None:
        return {}
    names_re = re.compile(str(spec["names"]), re.MULTILINE)
    internal = re.compile(str(spec.get("internal", "^$")))
    found: set[str] = set()
    for header in spec.get("headers", []):  # type: ignore[attr-defined]
        path = tree / str(header)
        try:
            text = path.read_text(errors="replace")
        except OSError as err:
            raise RtbenchError(f"{kernel.name}: cannot read {path}: {err.strerror or err}",
                               "is the tree complete? (rtbench sources --locate)") from None
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
        found.update(m.group(1) for m in names_re.finditer(text) if not internal.search(m.group(1)))
    rules = [(name, re.compile(str(rule))) for name, rule in spec.get("categories", {}).items()]  # type: ignore[attr-defined]
    by_category: dict[str, list[str]] = {}
    for name in sorted(found):
        category = next((c for c, rule in rules if rule.search(name)), "other")
        by_category.setdefault(category, []).append(name)
    return by_category


def _kernel_part(map_file: Path) -> dict[str, int]:
    layer = parse_map_detailed(map_file.read_text(errors="replace")).get("kernel", {})
    return {"text": layer.get("text", 0) + layer.get("rodata", 0), "data": layer.get("data", 0),
            "bss": layer.get("bss", 0) + layer.get("noinit", 0)}


def build_minimal(build: Build) -> Path:
    """Builds the one-task image beside the catalogue image; returns its linker map."""
    proc = processes.run(["cmake", "--build", str(build.directory), "--target", f"{MINIMAL}.elf"])
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        raise RtbenchError(f"building the one-task image failed:\n{tail}")
    return build.directory / f"{MINIMAL}.map"


def profile(kernel: Kernel, target: Target, workspace: Workspace, progress: Callable[[str], None]) -> KernelProfile:
    result = KernelProfile(kernel.name, properties=properties_of(kernel))
    try:
        source = sources.locate(kernel)
    except RtbenchError as err:
        result.absent = str(err).splitlines()[0]
        return result
    result.version = source.version
    if source.path is None:
        result.notes.append("the kernel is outside any image (the running one, or a guest kernel booted beside it): "
                            "no footprint; its API is POSIX, not counted")
        return result
    result.api = api_names(kernel, source.path)
    if not kernel.runs_on(target):
        result.notes.append(f"no port for {target.name}: no footprint")
        return result
    progress(f"build   {target.name}/{kernel.name}/default (the catalogue, and one task alone)")
    build = build_image(target, kernel, "default", source, workspace, log=progress)
    result.footprint = {"one task": _kernel_part(build_minimal(build)), "catalogue": _kernel_part(build.map_file)}
    return result


def profiles(target_name: str, workspace: Workspace, names: list[str] | None = None,
             progress: Callable[[str], None] = lambda _m: None) -> list[KernelProfile]:
    target = find_target(target_name)
    chosen = [find_kernel(n) for n in names] if names else kernels()
    return [profile(kernel, target, workspace, progress) for kernel in chosen]


def from_runs(runs: list[Run]) -> list[KernelProfile]:
    """The profiles of the kernels some stored runs used, from what the runs recorded (no build):
    the port's description, the API counted where the run's kernel tree is still there, and the
    kernel's footprint in the run's catalogue image."""
    found: dict[str, KernelProfile] = {}
    for run in runs:
        name = str(run.manifest.get("os", ""))
        if not name or name in found:
            continue
        try:
            kernel = find_kernel(name)
        except RtbenchError:
            continue
        kernel_entry = run.manifest.get("kernel")
        recorded: dict[str, object] = kernel_entry if isinstance(kernel_entry, dict) else {}
        profile = KernelProfile(name, version=str(recorded.get("version", "")), properties=properties_of(kernel))
        tree = recorded.get("source")
        if isinstance(tree, str) and Path(tree).is_dir():
            try:
                profile.api = api_names(kernel, Path(tree))
            except RtbenchError as err:
                profile.notes.append(str(err))
        sizes = {r.params.get("section"): r.raw_samples[0] for r in run.results
                 if r.bench == "footprint" and r.params.get("part") == "kernel" and r.raw_samples}
        if sizes:
            profile.footprint["catalogue"] = {kind: int(sizes.get(kind, 0)) for kind in ("text", "data", "bss")}
        found[name] = profile
    return list(found.values())


def to_table(found: list[KernelProfile], target: str) -> Table:
    """One column per kernel, one row per property (the survey's layout)."""
    table = Table([Column("property", "property"), *(Column(p.kernel, p.kernel) for p in found)],
                  empty="no kernel")

    def row(label: str, values: Sequence[object]) -> None:
        table.add([cell(label), *(cell(v) for v in values)])

    row("version", [p.version or f"tree absent: {p.absent}" for p in found])
    for key, label in PROPERTIES:
        row(label, [p.properties.get(key, "-") for p in found])
    for category in CATEGORIES:
        counts = [len(p.api.get(category, [])) if p.api else "-" for p in found]
        if any(c not in ("-", 0) for c in counts):
            row(f"API: {category}", counts)
    row("API: total", [sum(len(v) for v in p.api.values()) if p.api else "-" for p in found])
    for image in ("one task", "catalogue"):
        if not any(image in p.footprint for p in found):
            continue
        for kind in ("text", "data", "bss"):
            row(f"kernel {kind}, {image} ({target}, bytes)",
                [p.footprint[image][kind] if image in p.footprint else "-" for p in found])
    return table
