# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Locating kernel sources: a kernel no registry carries comes only from a user's path, and
its absence is a clear error naming the environment variable and how to get the tree."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.platforms import find_kernel
from rtbench.errors import RtbenchError

PATH_ONLY = {"ucos2": ("UCOS2_PATH", "weston-embedded/uC-OS2"),
             "threadx": ("THREADX_PATH", "eclipse-threadx/threadx"),
             "mtkernel": ("MTKERNEL_PATH", "tron-forum/mtkernel_3")}


@pytest.mark.parametrize("name", sorted(PATH_ONLY))
def test_absent_source_names_the_variable_and_the_project(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env, project = PATH_ONLY[name]
    monkeypatch.delenv(env, raising=False)
    with pytest.raises(RtbenchError) as caught:
        sources.locate(find_kernel(name))
    message = f"{caught.value} {caught.value.hint}"
    assert env in message and "--kernel-src" in message and project in message


@pytest.mark.parametrize("name", sorted(PATH_ONLY))
def test_describe_says_where_the_source_comes_from(name: str) -> None:
    env, project = PATH_ONLY[name]
    text = sources.describe(find_kernel(name))
    assert env in text and project in text and "crate" not in text


def test_a_directory_that_is_not_the_kernel_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UCOS2_PATH", str(tmp_path))
    with pytest.raises(RtbenchError) as caught:
        sources.locate(find_kernel("ucos2"))
    assert "not a ucos2 source tree" in str(caught.value) and "UCOS2_PATH" in caught.value.hint


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_versions_are_read_from_the_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threadx = _tree(tmp_path / "tx", {
        "common/src/tx_thread_create.c": "",
        "common/inc/tx_api.h": "#define THREADX_MAJOR_VERSION 6\n#define THREADX_MINOR_VERSION 4\n"
                               "#define THREADX_PATCH_VERSION 2\n"})
    ucos2 = _tree(tmp_path / "os2", {"Source/os_core.c": "", "Source/ucos_ii.h": "#define  OS_VERSION   29300u\n"})
    monkeypatch.setenv("THREADX_PATH", str(threadx))
    found = sources.locate(find_kernel("threadx"))
    assert (found.version, found.origin, found.path) == ("6.4.2", "THREADX_PATH", threadx.resolve())
    # --kernel-src wins over the variable.
    assert sources.locate(find_kernel("ucos2"), ucos2).version == "V2.93.00"


def test_an_incomplete_version_is_unknown(tmp_path: Path) -> None:
    threadx = _tree(tmp_path, {"common/src/tx_thread_create.c": "",
                               "common/inc/tx_api.h": "#define THREADX_MAJOR_VERSION 6\n"})
    assert sources.locate(find_kernel("threadx"), threadx).version == "unknown"


def test_a_git_tree_without_a_version_file_takes_its_release_tag(tmp_path: Path) -> None:
    # NuttX's tree has no version file: its make asks git, and so does rtbench.
    nuttx = _tree(tmp_path, {"sched/init/nx_start.c": ""})
    git = ["git", "-C", str(nuttx), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "tree"], check=True)
    assert sources.locate(find_kernel("nuttx"), nuttx).version == "unknown"  # no release tag yet
    subprocess.run([*git, "tag", "nuttx-13.0.1"], check=True)
    assert sources.locate(find_kernel("nuttx"), nuttx).version == "13.0.1"
    # A release tarball's .version wins.
    (nuttx / ".version").write_text('CONFIG_VERSION_STRING="12.9.0"\n')
    assert sources.locate(find_kernel("nuttx"), nuttx).version == "12.9.0"


def test_a_placeholder_version_gives_way_to_what_the_tree_says(tmp_path: Path) -> None:
    # NuttX's make calls a tree without .version or git 0.0.0: the run records the tree's own word
    # ("unknown", beside the hash of the files the build read), never a made-up version.
    from rtbench.acquire.manifest import kernel_version

    nuttx = find_kernel("nuttx")
    bare = sources.locate(nuttx, _tree(tmp_path, {"sched/init/nx_start.c": ""}))
    assert bare.version == "unknown"
    assert kernel_version(nuttx, bare, "0.0.0") == "unknown"
    assert kernel_version(nuttx, bare, "13.0.0") == "13.0.0" and kernel_version(nuttx, bare, None) == "unknown"
    # Another kernel's 0.0.0 is what its image says.
    assert kernel_version(find_kernel("freertos"), bare, "0.0.0") == "0.0.0"
