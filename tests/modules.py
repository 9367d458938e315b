# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A script or an MkDocs hook of the checkout, imported from its file (they are not packages)."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def load(relative: str) -> ModuleType:
    """The module in REPO/relative, e.g. load("scripts/rhealstone.py")."""
    path = REPO / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
