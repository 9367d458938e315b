# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What exactly produced a run: the kernel tree's identity (its git commit and dirty state, and
a SHA-256 over the source files the build compiled), the tools' binaries, and the image.

Version strings do not tell two trees apart (uC/OS-II's tag v2.93.00 and the tree twelve commits
later both say V2.93.00): the hash of the files the compiler read does. The files come from the
build's own dependency lists (ninja's deps log, written from the compiler's -MD output), so
headers count and files the build never read do not."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from ..paths import user_cache_dir

_HASH_CACHE = "tool-sha256.json"


def file_sha256(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _binary_sha256(path: Path) -> str:
    """A tool binary's SHA-256, remembered by (path, size, mtime) so that a run does not re-read
    a 30 MB compiler proper every time."""
    stat = path.stat()
    key = f"{path}|{stat.st_size}|{stat.st_mtime_ns}"
    cache = user_cache_dir() / _HASH_CACHE
    try:
        known: dict[str, str] = json.loads(cache.read_text())
    except (OSError, ValueError):
        known = {}
    if key in known:
        return known[key]
    digest = file_sha256(path)
    known[key] = digest
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_name(f"{cache.name}.{os.getpid()}")
        partial.write_text(json.dumps(known))
        partial.replace(cache)  # atomic: parallel runs never read half a file
    except OSError:
        pass  # a read-only cache costs time, not correctness
    return digest


def first_line(command: list[str]) -> str:
    """The first line a command prints (its version, a path), or "unknown"."""
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = (proc.stdout or proc.stderr).strip().splitlines()
    return lines[0].strip() if lines else "unknown"


def tool(command: str, version_args: tuple[str, ...] = ("--version",)) -> dict[str, str]:
    """A tool on PATH: where it is, what it says its version is, and its binary's SHA-256."""
    found = shutil.which(command)
    if not found:
        return {"path": "", "version": "not installed", "sha256": ""}
    path = Path(found).resolve()
    return {"path": str(path), "version": first_line([found, *version_args]), "sha256": _binary_sha256(path)}


def compiler(command: str) -> dict[str, Any]:
    """The compiler driver and the programs it runs (compiler proper, assembler, linker): a
    rebuilt cc1 changes code while the driver's version line stays the same."""
    identity: dict[str, Any] = tool(command)
    if not identity["path"]:
        return identity
    parts: dict[str, str] = {}
    for program in ("cc1", "as", "ld"):
        named = first_line([command, f"-print-prog-name={program}"])
        path = Path(named) if os.sep in named else Path(shutil.which(named) or "")
        if path.is_file():
            parts[program] = _binary_sha256(path.resolve())
    identity["parts_sha256"] = parts
    return identity


def compiled_files(build_dir: Path, image: str = "rtbench") -> list[Path]:
    """Every file the build's compiler read for `image` (sources and headers, its own objects and
    the kernel library's), from ninja's deps log and CMake's compile database: another image
    built in the same directory (the one-task image) does not count."""
    def ours(output: str) -> bool:
        return ".elf.dir/" not in output or f"/{image}.elf.dir/" in f"/{output}"

    files: set[Path] = set()
    try:
        entries = json.loads((build_dir / "compile_commands.json").read_text())
        files.update(Path(entry["directory"], entry["file"]) for entry in entries
                     if ours(entry.get("output") or entry.get("command", "")))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    ninja = shutil.which("ninja")
    if ninja:
        proc = subprocess.run([ninja, "-C", str(build_dir), "-t", "deps"], capture_output=True, text=True, timeout=60)
        wanted = True
        for line in proc.stdout.splitlines():
            if line and not line[0].isspace():  # "<object>: #deps N, deps mtime ..."
                wanted = ours(line.split(":", 1)[0])
            elif line.strip() and wanted:
                files.add(Path(build_dir, line.strip()))
    return sorted({Path(os.path.normpath(f)) for f in files})


def copied_tree_files(copy: Path, tree: Path, dependency_files: str) -> list[Path]:
    """The files of `tree` a make build compiled from `copy`, a copy of the tree (NuttX builds
    inside its tree, so rtbench builds a copy): the dependency files make keeps (the compiler's -M
    output) name them, relative to the folder make ran in (the file's own, or the one above its
    bin/) or absolute. Files the build made in the copy (its configuration) have no counterpart."""
    found: set[Path] = set()
    root = copy.resolve()
    for listing in copy.rglob(dependency_files):
        text = listing.read_text(errors="replace").replace("\\\n", " ")
        for line in text.splitlines():
            _, colon, names = line.partition(": ")
            for name in names.split() if colon else []:
                path = Path(name)
                places = [path] if path.is_absolute() else [listing.parent / path, listing.parent.parent / path]
                real = next((place.resolve() for place in places if place.is_file()), None)
                if real is not None and real.is_relative_to(root) and (tree / real.relative_to(root)).is_file():
                    found.add(tree / real.relative_to(root))
    return sorted(found)


def sources_digest(root: Path, files: list[Path]) -> dict[str, Any]:
    """SHA-256 over (relative path, content hash) of the files under `root`, in path order."""
    root = root.resolve()
    digest = hashlib.sha256()
    count = 0
    for path in sorted(files):
        try:
            relative = path.resolve().relative_to(root)
        except ValueError:
            continue
        if not path.is_file():
            continue
        digest.update(f"{relative.as_posix()}\0{file_sha256(path)}\n".encode())
        count += 1
    return {"sources_sha256": digest.hexdigest() if count else "", "files": count}


def _git(tree: Path, *args: str) -> str | None:
    git = shutil.which("git")
    if not git:
        return None
    try:
        proc = subprocess.run([git, "-C", str(tree), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def git_identity(tree: Path) -> dict[str, Any] | None:
    """The commit of the git work tree holding `tree`, and whether the files under `tree` differ
    from it (tracked files only: build products beside the sources do not make it dirty). Its
    description says -dirty on the same terms: a kernel tree inside a larger repository is not
    dirty for a change elsewhere in that repository (git describe --dirty would say it is)."""
    commit = _git(tree, "rev-parse", "HEAD")
    if not commit:
        return None
    dirty = bool(_git(tree, "status", "--porcelain", "--untracked-files=no", "--", "."))
    described = _git(tree, "describe", "--tags", "--always") or commit[:12]
    return {"commit": commit, "describe": described + ("-dirty" if dirty else ""), "dirty": dirty}


def tree_identity(tree: Path, compiled: list[Path]) -> dict[str, Any]:
    """A kernel tree's identity: its git commit where it is a git work tree, and always the hash
    of the files the build compiled from it."""
    identity = sources_digest(tree, compiled)
    git = git_identity(tree)
    if git:
        identity["git"] = git
    return identity


def short(identity: dict[str, Any]) -> str:
    """One word for a tree identity: `git:<describe>` or `sha256:<12 hex>`."""
    git = identity.get("git") or {}
    text = f"sha256:{str(identity.get('sources_sha256', ''))[:12]}" if identity.get("sources_sha256") else ""
    if git:
        text = f"git:{git.get('describe') or str(git.get('commit', ''))[:12]}" + (f" {text}" if text else "")
    return text or "unknown"


def summary(manifest: dict[str, Any]) -> str:
    """What produced a run, on one line: the kernel's version and source identity, the image's
    hash and rtbench's commit. Older runs lack some of it: they say so."""
    kernel = manifest.get("kernel", {}) if isinstance(manifest.get("kernel"), dict) else {}
    tree = kernel.get("tree")
    source = short(tree) if isinstance(tree, dict) and ("sources_sha256" in tree or "git" in tree) \
        else ("not recorded" if tree is None else str(tree.get("prebuilt_or_running", "not recorded")))
    image = manifest.get("image", {}) if isinstance(manifest.get("image"), dict) else {}
    digest = str(image.get("sha256") or "")
    rtbench = manifest.get("rtbench", {}) if isinstance(manifest.get("rtbench"), dict) else {}
    return (f"kernel {kernel.get('version', '?')} source {source}; "
            f"image {'sha256:' + digest[:12] if digest else 'not recorded'}; rtbench {rtbench.get('commit', '?')}")
