# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Kernel variants that change the kernel itself: a copy of the kernel tree in the build
directory, transformed by the port's own Coccinelle semantic patches (`spatch`).

The user's tree and the registry's are only read. The port's os.toml names the patch folder and
the kernel files the patches transform (`[patches] directory`, `files`); the patches apply in
file-name order, each to every listed file, and a patch that changes none of them does not
apply to this kernel version: the build stops with the patch named. So does a patch that
applies in part, one of its rules having changed nothing (patch_rules.py says how that is
seen). The manifest records each patch's SHA-256, and a copy is redone whenever a patch or the
source tree changes."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from . import patch_rules
from .platforms import Kernel

_STAMP = ".rtbench-patches.json"


@dataclass(frozen=True)
class KernelPatch:
    name: str
    path: Path
    sha256: str


def patches_of(kernel: Kernel) -> list[KernelPatch]:
    """The port's semantic patches in the order they apply (none for an unpatched port)."""
    spec = kernel.spec.get("patches")
    if not spec:
        return []
    folder = kernel.folder / str(spec.get("directory", "patches"))
    found = sorted(folder.glob("*.cocci"))
    if not found:
        raise RtbenchError(f"the {kernel.name} port names patches in {folder}, and there are none",
                           "restore the port's patches folder")
    return [KernelPatch(p.name, p, hashlib.sha256(p.read_bytes()).hexdigest()) for p in found]


def patch_key(kernel: Kernel) -> str:
    """Part of the build directory's key: other patches, other build."""
    return ";".join(f"{p.name}={p.sha256[:12]}" for p in patches_of(kernel))


def _spatch() -> str:
    tool = shutil.which("spatch")
    if not tool:
        raise RtbenchError("spatch (Coccinelle) is not installed: the co-designed kernel is built by "
                           "applying semantic patches to a copy of the kernel tree",
                           "run scripts/setup.sh --part codesign, or apt-get install coccinelle")
    return tool


def _apply(tool: str, patch: Path, file: Path, kernel: Kernel, version: str, name: str) -> tuple[bool, set[int]]:
    """Transforms `file` (in the copy) in place with the instrumented patch; whether the file
    changed, and which of the patch's rules changed it."""
    before = file.read_bytes()
    proc = subprocess.run([tool, "--very-quiet", "--sp-file", str(patch), "--in-place", str(file)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-8:])
        raise RtbenchError(f"the semantic patch {name} failed on {file.name} of {kernel.name} "
                           f"{version}:\n{tail}", f"check {patch}")
    return file.read_bytes() != before, patch_rules.changed_rules(proc.stdout)


def _apply_whole(tool: str, patch: KernelPatch, tree: Path, files: list[str], kernel: Kernel, version: str,
                 source: Path, work: Path) -> None:
    """Applies one patch to every listed file; refuses a patch that changed nothing, or of which
    a rule changed nothing (applied in part, the kernel would be neither the original nor the
    variant its name says)."""
    text, rules = patch_rules.instrumented(patch.path.read_text())
    witnessed = work / patch.name
    witnessed.write_text(text)
    changed, ruled = False, set[int]()
    for name in files:
        file_changed, file_rules = _apply(tool, witnessed, tree / name, kernel, version, patch.name)
        changed, ruled = changed or file_changed, ruled | file_rules
    advice = (f"{kernel.name} is made for the registry's FreeRTOS-Kernel; build this tree with "
              f"--os {kernel.spec.get('reuses', 'freertos')} instead")
    if not changed:
        raise RtbenchError(f"the semantic patch {patch.name} does not apply to {kernel.name} {version} "
                           f"({', '.join(files)} at {source}): none of its rules matched", advice)
    missed = [rule for rule in rules if rule.index not in ruled]
    if missed:
        raise RtbenchError(f"the semantic patch {patch.name} applies only in part to {kernel.name} {version} "
                           f"({', '.join(files)} at {source}): its {missed[0].described()} changed nothing"
                           + (f", nor did {len(missed) - 1} other rule(s)" if len(missed) > 1 else ""),
                           f"{advice}, or update {patch.path.name} for this tree")


def patched_tree(kernel: Kernel, source: Path, version: str, build_dir: Path,
                 log: Callable[[str], None] = lambda _: None) -> tuple[Path, list[KernelPatch]]:
    """A patched copy of `source` at build_dir/kernel (reused while source and patches are the
    same), and the patches applied."""
    patches = patches_of(kernel)
    files = [str(f) for f in kernel.spec["patches"].get("files", [])]
    tree = build_dir / "kernel"
    stamp = {"source": str(source), "version": version, "files": files,
             "patches": {p.name: p.sha256 for p in patches}}
    try:
        if json.loads((tree / _STAMP).read_text()) == stamp:
            return tree, patches
    except (OSError, ValueError):
        pass
    tool = _spatch()
    log(f"patching a copy of the kernel tree with {len(patches)} semantic patches (spatch)")
    if tree.exists():
        shutil.rmtree(tree)
    shutil.copytree(source, tree, symlinks=True)
    for name in files:
        if not (tree / name).is_file():
            raise RtbenchError(f"{kernel.name}'s patches transform {name}, which {source} does not have",
                               f"give a tree with {name} (--kernel-src)")
    work = build_dir / "patches"  # the patches as applied: each rule reports its changes
    work.mkdir(parents=True, exist_ok=True)
    for patch in patches:
        _apply_whole(tool, patch, tree, files, kernel, version, source, work)
    (tree / _STAMP).write_text(json.dumps(stamp, indent=1))
    return tree, patches
