# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The suite's own schedule: the files that take minutes start first (tests/conftest.py), which
works only while pytest-xdist keeps the collection's order and the names still name files."""
from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from tests import conftest

TESTS = Path(__file__).resolve().parent


def test_the_long_files_are_test_files_and_named_once() -> None:
    assert len(set(conftest.LONG_FILES)) == len(conftest.LONG_FILES)
    missing = [name for name in conftest.LONG_FILES if not (TESTS / "integration" / name).is_file()]
    assert missing == []


def test_xdist_hands_out_whole_files_in_the_collections_order() -> None:
    addopts = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    assert "--dist loadfile" in addopts and "--no-loadscope-reorder" in addopts


def test_long_files_come_first_and_each_file_stays_in_one_piece() -> None:
    def item(path: str, name: str) -> pytest.Item:
        return cast(pytest.Item, SimpleNamespace(path=TESTS / path, name=name, add_marker=lambda _marker: None))

    items = [item("test_stats.py", "a"), item("integration/test_cli.py", "b"), item("test_stats.py", "c"),
             item(f"integration/{conftest.LONG_FILES[1]}", "d"), item(f"integration/{conftest.LONG_FILES[0]}", "e"),
             item("integration/test_cli.py", "f")]
    conftest.pytest_collection_modifyitems(items)
    assert [i.name for i in items] == ["e", "d", "b", "f", "a", "c"]
