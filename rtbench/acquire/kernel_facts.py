# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench kernels`' measurement: what each kernel port is, from its description (os.toml
[properties]), its kernel tree (the API counted in the public headers) and two images built from
it: the kernel's footprint with one task and nothing else (firmware/minimal) and with the whole
catalogue. analysis/kernel_profiles.py tabulates it, and reads the same from stored runs."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..paths import Workspace
from . import sources
from .build import MINIMAL, build_image
from .footprint import parse_map_detailed
from .platforms import Kernel, Target, find_kernel, find_target, kernels


@dataclass
class KernelProfile:
    kernel: str
    version: str = ""
    absent: str = ""  # why the kernel's tree (and so its counts and footprints) is not here
    properties: dict[str, str] = field(default_factory=dict)
    api: dict[str, list[str]] = field(default_factory=dict)  # category -> API names
    recorded_api: dict[str, int] = field(default_factory=dict)  # category -> how many, as a stored run recorded it
    footprint: dict[str, dict[str, int]] = field(default_factory=dict)  # image -> text/data/bss of the kernel
    notes: list[str] = field(default_factory=list)

    def api_counts(self) -> dict[str, int]:
        """How many API names per category: counted here, else as the run recorded them."""
        return {category: len(names) for category, names in self.api.items()} or dict(self.recorded_api)


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


def api_counts(kernel: Kernel, tree: Path) -> dict[str, int] | None:
    """What a run records of its kernel's API: how many names per category (a few headers read,
    milliseconds); None when the headers cannot be read (a report then says none was recorded)."""
    try:
        return {category: len(names) for category, names in api_names(kernel, tree).items()}
    except RtbenchError:
        return None


def _kernel_part(map_file: Path) -> dict[str, int]:
    layer = parse_map_detailed(map_file.read_text(errors="replace")).get("kernel", {})
    return {"text": layer.get("text", 0) + layer.get("rodata", 0), "data": layer.get("data", 0),
            "bss": layer.get("bss", 0) + layer.get("noinit", 0)}


def build_minimal(target: Target, kernel: Kernel, source: sources.KernelSource, workspace: Workspace,
                  progress: Callable[[str], None]) -> Path:
    """Builds the one-task image beside the catalogue image (under its directory's lock, as every
    build); returns its linker map."""
    return build_image(target, kernel, "default", source, workspace, log=progress, image=MINIMAL).map_file


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
    minimal = build_minimal(target, kernel, source, workspace, progress)
    result.footprint = {"one task": _kernel_part(minimal), "catalogue": _kernel_part(build.map_file)}
    return result


def profiles(target_name: str, workspace: Workspace, names: list[str] | None = None,
             progress: Callable[[str], None] = lambda _m: None) -> list[KernelProfile]:
    target = find_target(target_name)
    chosen = [find_kernel(n) for n in names] if names else kernels()
    return [profile(kernel, target, workspace, progress) for kernel in chosen]
