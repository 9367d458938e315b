# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The part of an RTEMS tree that rtbench's builds read, found by tracing the kernel's build.

RTEMS's repository is about 180 MB; rtbench builds one BSP of it. `build` runs the kernel's build
as rtbench runs it (firmware/os/rtems/build_kernel.sh: RTEMS's waf configure, build and install
with rtbench's BSP options), under strace if asked; `read_files` takes from the trace every file of
the tree the build opened for reading, `always_kept` adds the build and configuration files (spec/,
wscript, waf, yaml/, the top-level files) and `extract` copies them out, with the VERSION the build
wrote from the tree's git tag. `library_objects` lets a second build of the subset be compared
with the first. scripts/rtems_subset.py is the command over these."""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import RtbenchError
from ..paths import firmware_dir
from . import toolchain_folder
from .platforms import find_target

BSP = "arm/realview_pbx_a9_qemu"
# Kept whole, read or not: how the tree is built and configured, and its licences.
ALWAYS = ("spec", "yaml", "wscript", "waf", "gccdeps.py", "LICENSE.md", "README.md", "VERSION")
# A file strace saw opened read-only (with -y: the path after the returned descriptor).
_OPENED = re.compile(r"open(?:at)?\(.*?, (O_RDONLY[A-Z_|]*)[,)].*= \d+<(.+)>$")
STRACE = ["strace", "-f", "-qq", "-y", "-e", "trace=open,openat", "-e", "status=successful"]


def port_dir() -> Path:
    """rtbench's RTEMS port (its build script and BSP options)."""
    return firmware_dir() / "os" / "rtems"


def bsp_config(bsp: str, opt: str, copy: Path, tmtests: bool) -> str:
    """rtbench's BSP options (bsp.ini.in, as os.cmake fills it), with the timing tests if asked."""
    text = (port_dir() / "bsp.ini.in").read_text()
    for name, value in (("RTB_RTEMS_BSP", bsp), ("RTB_RTEMS_OPT", opt), ("RTB_RTEMS_COPY", str(copy))):
        text = text.replace(f"@{name}@", value)
    if tmtests:
        text += "BUILD_TMTESTS = True\n"
    return text


def tools_dir() -> Path:
    """The bin/ of RTEMS's toolchain, as a run on qemu-a9 finds it (RTEMS_TOOLS, else the workspace's)."""
    folder = toolchain_folder.folder(find_target("qemu-a9").spec["kernels"]["rtems"])
    root = (folder or Path("rtems-tools")) / "bin"
    if not (root / "arm-rtems6-gcc").exists():
        raise RtbenchError(f"no arm-rtems6-gcc in {root}",
                           "build it with scripts/rtems_toolchain.sh and set RTEMS_TOOLS to its folder")
    return root.absolute()


def build(tree: Path, work: Path, bsp: str, tmtests: bool, trace: Path | None) -> Path:
    """RTEMS built from `tree` in `work` as rtbench builds it (traced into `trace` if given);
    returns the copy the build ran in."""
    work.mkdir(parents=True, exist_ok=True)
    config = work / "bsp.ini"
    config.write_text(bsp_config(bsp, "-O2", work / "rtems", tmtests))
    command = ["sh", str(port_dir() / "build_kernel.sh"), str(tree), str(work), str(config), str(tools_dir()),
               str(work / "built.stamp")]
    if trace is not None:
        command = [*STRACE, "-o", str(trace), *command]
    try:
        subprocess.run(command, check=True)
    except FileNotFoundError as err:
        raise RtbenchError(f"cannot run {command[0]}: {err.strerror}",
                           "scripts/setup.sh --part rtems installs it") from None
    except subprocess.CalledProcessError as err:
        raise RtbenchError(f"building RTEMS from {tree} failed (exit {err.returncode}; its output is above)") from None
    return work / "rtems"


def read_files(trace: Path, copy: Path) -> set[str]:
    """The copy's files that the build opened for reading, relative to it (not its own build)."""
    prefix = str(copy) + "/"
    found = set()
    for line in trace.read_text(errors="replace").splitlines():
        match = _OPENED.search(line)
        if not match or "O_DIRECTORY" in match.group(1) or not match.group(2).startswith(prefix):
            continue
        relative = match.group(2)[len(prefix):]
        if not relative.startswith(("build/", ".waf", ".lock")):
            found.add(relative)
    return found


def always_kept(tree: Path) -> set[str]:
    """The tree's build and configuration files (ALWAYS), relative to it, whether read or not."""
    kept = set()
    for name in ALWAYS:
        path = tree / name
        if path.is_dir():
            kept |= {str(p.relative_to(tree)) for p in path.rglob("*") if p.is_file()}
        elif path.is_file():
            kept.add(name)
    return kept


def extract(tree: Path, copy: Path, files: set[str], out: Path) -> tuple[int, int]:
    """Copies the files (from the tree; VERSION from the build's copy) into `out`; count, bytes."""
    if out.exists():
        shutil.rmtree(out)
    count = size = 0
    for relative in sorted(files):
        source = tree / relative
        if not source.is_file():
            source = copy / relative  # VERSION, written from the tree's tag
        if not source.is_file():
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        count += 1
        size += target.stat().st_size
    return count, size


def tree_files(tree: Path) -> int:
    """How many files the tree has, its git folder aside."""
    return sum(1 for p in tree.rglob("*") if p.is_file() and ".git" not in p.parts)


def library_objects(copy: Path, bsp: str) -> dict[str, str]:
    """Each installed library's members and the SHA-256 of each without its debug information:
    an assembler source's records the folder it was built in (GCC does not hand the C files'
    -fdebug-prefix-map to the assembler), and the subset is built in another folder than the tree."""
    ar, strip = tools_dir() / "arm-rtems6-ar", tools_dir() / "arm-rtems6-strip"
    libdir = copy.parent / "install" / "arm-rtems6" / bsp.split("/")[1] / "lib"
    digests = {}
    for library in sorted(libdir.glob("*.a")):
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run([str(ar), "x", str(library)], cwd=scratch, check=True)
            members = sorted(Path(scratch).iterdir())
            subprocess.run([str(strip), "--strip-debug", *map(str, members)], check=True)
            for member in members:
                digests[f"{library.name}({member.name})"] = hashlib.sha256(member.read_bytes()).hexdigest()
    return digests


def differing_objects(expected: dict[str, str], built: dict[str, str]) -> list[str]:
    """The library members one build has and the other lacks or holds with other contents."""
    return sorted(name for name in expected.keys() | built.keys() if expected.get(name) != built.get(name))
