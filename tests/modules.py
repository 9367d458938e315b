# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""An MkDocs hook of the checkout, imported from its file (docs/hooks is not a package). Scripts are
never loaded so: what a test exercises lives in the package (tests/test_script_imports.py)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def load(relative: str) -> ModuleType:
    """The module in REPO/relative, e.g. load("docs/hooks/command_output.py"). Its folder comes
    first on sys.path while it loads, as when Python runs it (a hook imports its folder's helpers)."""
    path = REPO / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module
