# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A kernel's git repository and its revisions: which commits a range or a list names, and a
source tree of each commit in the workspace.

A revision's tree is a shared clone of the repository (`git clone --shared`: the objects are
read from the repository, nothing is copied or written into it), checked out detached at the
commit, one directory per commit, reused when it is still clean at that commit. A tree is a
git work tree, so the run's provenance (kernel.tree.git) names the commit it was built from."""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from ..paths import Workspace
from . import setup_parts
from .build_once import exclusive

_GIT_TIMEOUT = 600.0


@dataclass(frozen=True)
class Revision:
    """One commit of the kernel's history, as the user named it."""

    commit: str  # the full hash
    name: str  # what the user wrote (a tag, a branch), else the short hash
    subject: str = ""

    @property
    def short(self) -> str:
        return self.commit[:12]


def _git(repo: Path, *args: str, check: bool = True, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    git = shutil.which("git")
    if not git:
        raise RtbenchError("git is not installed: kernel revisions cannot be read",
                           setup_parts.install_hint(setup_parts.MAIN, "git"))
    try:
        proc = subprocess.run([git, "-C", str(repo), *args], input=stdin, capture_output=True, text=True,
                              timeout=_GIT_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RtbenchError(f"git {args[0]} in {repo} took longer than {_GIT_TIMEOUT:.0f} s") from None
    if check and proc.returncode != 0:
        raise RtbenchError(f"git {' '.join(args)} failed in {repo}: {proc.stderr.strip()[-600:]}")
    return proc


def open_repo(path: Path | None, env: str | None) -> Path:
    """The kernel's git repository (a work tree or a bare repository), checked."""
    if path is None:
        raise RtbenchError("no kernel repository: revisions are read from a git repository of the kernel",
                           "give --kernel-repo PATH (a clone, e.g. git clone https://github.com/FreeRTOS/"
                           "FreeRTOS-Kernel)" + (f", or set ${env} to one" if env else ""))
    if not path.exists():
        raise RtbenchError(f"the kernel repository {path} does not exist",
                           "give --kernel-repo a git clone of the kernel")
    if not path.is_dir():
        raise RtbenchError(f"the kernel repository {path} is a file, not a directory",
                           "give --kernel-repo a git clone of the kernel")
    proc = _git(path, "rev-parse", "--absolute-git-dir", check=False)
    if proc.returncode != 0:
        raise RtbenchError(f"{path} is not a git repository, so it has no revisions",
                           "give --kernel-repo a git clone of the kernel (git clone URL), not an unpacked release")
    top = _git(path, "rev-parse", "--show-toplevel", check=False)
    if top.returncode == 0 and top.stdout.strip() and Path(top.stdout.strip()).resolve() != path.resolve():
        raise RtbenchError(f"{path} is inside the git repository {top.stdout.strip()}, not its top directory",
                           f"give --kernel-repo {top.stdout.strip()}")
    return path.resolve()


def _described(repo: Path, commit: str) -> str:
    proc = _git(repo, "log", "-1", "--format=%s", commit, check=False)
    return proc.stdout.strip()


def resolve(repo: Path, name: str, given: str = "--revs") -> Revision:
    """The commit a name (tag, branch, hash, HEAD~3) denotes; `given` is the option or argument
    that named it (--revs, --good, REV_A), for the error."""
    name = name.strip()
    if not name or name.startswith("-"):
        raise RtbenchError(f"{given} '{name}' is not a revision", "e.g. V11.2.0, main, HEAD~3 or a commit hash")
    proc = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{name}^{{commit}}", check=False)
    if proc.returncode != 0 or not proc.stdout.strip():
        tags = _git(repo, "tag", "--sort=-creatordate", check=False).stdout.split()[:5]
        raise RtbenchError(f"{given}: unknown revision '{name}' in {repo}",
                           f"give {given} a commit, branch or tag of that repository"
                           + (f" (recent tags: {', '.join(tags)})" if tags else "")
                           + f"; git -C {repo} log --oneline lists its commits")
    commit = proc.stdout.strip()
    return Revision(commit, name if not re.fullmatch(r"[0-9a-f]{7,40}", name) else commit[:12],
                    _described(repo, commit))


def _tags(repo: Path) -> dict[str, str]:
    """Commit -> a tag naming it (the first in version order), to name a range's commits."""
    lines = _git(repo, "for-each-ref", "--sort=v:refname", "--format=%(objectname) %(*objectname) %(refname:short)",
                 "refs/tags").stdout.splitlines()
    found: dict[str, str] = {}
    for line in lines:
        parts = line.split()
        if len(parts) == 3:  # an annotated tag: the commit it points to
            found.setdefault(parts[1], parts[2])
        elif len(parts) == 2:
            found.setdefault(parts[0], parts[1])
    return found


def _thinned(revisions: list[Revision], every: int) -> list[Revision]:
    """Every Nth revision, the first and the last always kept."""
    if every <= 1 or len(revisions) <= 2:
        return revisions
    kept = revisions[::every]
    if kept[-1] != revisions[-1]:
        kept.append(revisions[-1])
    return kept


def expand(repo: Path, spec: str, every: int = 1, first_parent: bool = False) -> list[Revision]:
    """The revisions `spec` names, oldest first:
    - `A..B`: A and every commit after it up to B (`git rev-list A..B`, plus A itself);
    - `tags:GLOB`: the tags matching GLOB, in version order (tags:V11.*);
    - `A,B,C`: those revisions, in the order given;
    - `A`: that one revision.
    `every` keeps every Nth (the first and the last always); `first_parent` follows only the
    first parent of merges (a range only)."""
    spec = spec.strip()
    if every < 1:
        raise RtbenchError(f"--every {every}: must be at least 1", "e.g. --every 10 for every tenth commit")
    if "..." in spec:
        raise RtbenchError(f"'{spec}': a symmetric range (A...B) has no order",
                           "use A..B (A, then every commit up to B)")
    if spec.startswith("tags:"):
        pattern = spec[len("tags:"):] or "*"
        names = _git(repo, "tag", "--list", "--sort=v:refname", pattern).stdout.split()
        if not names:
            raise RtbenchError(f"no tag of {repo} matches '{pattern}'", f"git -C {repo} tag --list shows its tags")
        revisions = [resolve(repo, name) for name in names]
    elif ".." in spec:
        start, _, end = spec.partition("..")
        if not start or not end:
            raise RtbenchError(f"'{spec}' is not a range: both ends are needed", "e.g. --revs V11.1.0..V11.2.0")
        first, last = resolve(repo, start), resolve(repo, end)
        args = ["rev-list", "--reverse", *(["--first-parent"] if first_parent else []),
                f"{first.commit}..{last.commit}"]
        commits = _git(repo, *args).stdout.split()
        if not commits:
            raise RtbenchError(f"the range {spec} holds no commit after {start}: is {start} older than {end}?",
                               f"swap them (--revs {end}..{start}), or check with git -C {repo} log {spec}")
        named = {**_tags(repo), last.commit: last.name}
        revisions = [first] + [Revision(c, named.get(c, c[:12]), _described(repo, c)) for c in commits]
    else:
        names = [part.strip() for part in spec.split(",")]
        if not all(names):
            raise RtbenchError(f"'{spec}' has an empty revision", "e.g. --revs V11.1.0,V11.2.0,V11.3.0")
        revisions = [resolve(repo, name) for name in names]
    if first_parent and ".." not in spec:
        raise RtbenchError("--first-parent applies to a range (A..B)", "e.g. --revs V11.1.0..V11.2.0 --first-parent")
    unique: list[Revision] = []
    for revision in revisions:
        if revision.commit not in {r.commit for r in unique}:
            unique.append(revision)
    return _thinned(unique, every)


def _files(repo: Path, revision: Revision) -> dict[str, tuple[str, str]]:
    """path -> (object type, object name) of every file of the revision's tree."""
    proc = _git(repo, "ls-tree", "-r", "-z", revision.commit, check=False)
    if proc.returncode != 0:
        raise RtbenchError(f"git cannot read the tree of {revision.name} ({revision.short}) in {repo}: "
                           f"{proc.stderr.strip()[-300:]}", _INCOMPLETE_HINT.format(repo=repo))
    files = {}
    for entry in proc.stdout.split("\0"):
        meta, _, path = entry.partition("\t")
        if path:
            _, kind, name = meta.split()
            files[path] = (kind, name)
    return files


_INCOMPLETE_HINT = ("the repository lacks objects (an interrupted clone or fetch, a shallow or partial clone): "
                    "git -C {repo} fsck names them; git -C {repo} fetch, or a fresh clone, brings them back")


def check_tree(repo: Path, revision: Revision, marker: str | None = None, kernel: str = "", given: str = "") -> None:
    """Refuses a revision before anything is checked out: a tree without `marker` (a file every
    tree of the kernel has), or one whose files git cannot read (objects missing from the repository,
    which a checkout would leave out silently)."""
    files = _files(repo, revision)
    what = f"{given} {revision.name}" if given else revision.name
    if marker and marker not in files:
        raise RtbenchError(f"{what} ({revision.short}) of {repo} has no {marker}: it is not a tree of {kernel}",
                           f"give --kernel-repo a git repository of {kernel} (every tree of it has {marker})")
    blobs = [(path, name) for path, (kind, name) in files.items() if kind == "blob"]
    found = _git(repo, "cat-file", "--batch-check", check=False, stdin="".join(f"{name}\n" for _, name in blobs))
    missing = {line.split()[0] for line in found.stdout.splitlines() if line.endswith(" missing")}
    lost = [path for path, name in blobs if name in missing]
    if lost or found.returncode != 0:
        named = ", ".join(lost[:5]) + (f" and {len(lost) - 5} more" if len(lost) > 5 else "")
        raise RtbenchError(f"{repo} cannot give the files of {what} ({revision.short}): "
                           + (f"the objects of {named} are missing" if lost else found.stderr.strip()[-300:]),
                           _INCOMPLETE_HINT.format(repo=repo))


def repo_key(repo: Path) -> str:
    """A directory name for the repository's trees in the workspace: its name and a hash of its path."""
    return f"{repo.name.removesuffix('.git') or 'repo'}-{hashlib.sha256(str(repo).encode()).hexdigest()[:8]}"


def _clean_at(tree: Path, commit: str) -> bool:
    head = _git(tree, "rev-parse", "HEAD", check=False)
    if head.returncode != 0 or head.stdout.strip() != commit:
        return False
    status = _git(tree, "status", "--porcelain", "--untracked-files=no", check=False)
    return status.returncode == 0 and not status.stdout.strip()


def tree_of(repo: Path, revision: Revision, workspace: Workspace,
            log: Callable[[str], None] = lambda _: None) -> Path:
    """A source tree of the revision in the workspace: made on first use, reused while it is clean
    at that commit (a tree someone edited is checked out again)."""
    tree = workspace.root / "kernels" / repo_key(repo) / revision.short
    with exclusive(tree.with_name(tree.name + ".lock"), lambda: log(f"waiting for another rtbench process "
                                                                    f"checking out {revision.short}")):
        if (tree / ".git").exists():
            if _clean_at(tree, revision.commit):
                return tree
            log(f"checkout {revision.short}: the tree in the workspace changed, checking it out again")
            _git(tree, "checkout", "--quiet", "--force", "--detach", revision.commit)
            if _clean_at(tree, revision.commit):
                return tree
            shutil.rmtree(tree)
        elif tree.exists():
            shutil.rmtree(tree)
        check_tree(repo, revision)
        tree.parent.mkdir(parents=True, exist_ok=True)
        log(f"checkout {revision.name} ({revision.short}) into {tree}")
        _git(tree.parent, "clone", "--quiet", "--shared", "--no-checkout", str(repo), tree.name)
        _git(tree, "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", revision.commit)
    return tree


def first_parent_path(repo: Path, good: Revision, bad: Revision) -> list[Revision]:
    """good, then every commit along bad's first parents after good, up to bad (oldest first).
    good must lie on that path: bisection compares each commit with its first parent."""
    if good.commit == bad.commit:
        raise RtbenchError(f"--good and --bad are the same commit ({good.short})", "give two different revisions")
    if _git(repo, "merge-base", "--is-ancestor", good.commit, bad.commit, check=False).returncode != 0:
        raise RtbenchError(f"{good.name} is not an ancestor of {bad.name}: bisection goes from an older good "
                           "revision to a newer bad one",
                           "swap --good and --bad if the figure got better, or give an older --good")
    path = expand(repo, f"{good.commit}..{bad.commit}", first_parent=True)
    parent = _git(repo, "rev-parse", "--verify", "--quiet", f"{path[1].commit}^1", check=False).stdout.strip()
    if parent != good.commit:
        raise RtbenchError(f"{good.name} is not on the first-parent history of {bad.name}: there is no line of "
                           "commits between them to bisect",
                           f"give a --good that `git -C {repo} log --first-parent {bad.name}` lists "
                           f"(git merge-base {good.name} {bad.name} is one)")
    named = {good.commit: good, bad.commit: bad}
    return [named.get(r.commit, r) for r in path]
