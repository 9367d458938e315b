# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""No test imports a script by its path (issue 40): what a test exercises lives in the package
and scripts/ stays thin over it; tests/modules.py loads docs hooks only. A test may still run a
script as a command, for its command-line behaviour (exit status 2 on bad input), or because the
script must run before the package is installed (scripts/unmet_requirements.py, the set-up's check)."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# Loading a Python file as a module: importlib's file loader, runpy, or tests/modules.load.
LOADER = re.compile(r"spec_from_file_location|\brunpy\b|\brun_path\(|\bmodules\.load\(|from tests\.modules import load")
# A path into scripts/: "scripts/x.py", or a path built with "scripts" as one of its parts.
SCRIPT_PATH = re.compile(r"""["']scripts/[\w./-]*\.py["']|["']scripts["']""")


def script_loaders(folder: Path) -> set[str]:
    """The test files under `folder` that load a file of scripts/ as a module (this one, whose
    examples would match, aside)."""
    return {path.name for path in folder.rglob("*.py") if path.resolve() != Path(__file__).resolve()
            and LOADER.search(text := path.read_text(encoding="utf-8")) and SCRIPT_PATH.search(text)}


def test_no_test_loads_a_script_by_its_path() -> None:
    assert script_loaders(TESTS) == set(), "import the package instead of a script (move the logic there)"


def test_the_check_tells_a_script_import_from_a_command_or_a_hook(tmp_path: Path) -> None:
    cases = {
        "test_by_modules.py": 'from tests import modules\nscript = modules.load("scripts/run_tables.py")\n',
        "test_by_load.py": 'from tests.modules import load\nsubset = load("scripts/rtems_subset.py")\n',
        "test_by_importlib.py": ('import importlib.util\nSCRIPT = REPO / "scripts" / "x.py"\n'
                                 'spec = importlib.util.spec_from_file_location("x", SCRIPT)\n'),
        "test_by_runpy.py": 'import runpy\nrunpy.run_path("scripts/x.py")\n',
        "test_a_command.py": ('import subprocess\nsubprocess.run([sys.executable, str(ROOT / "scripts" / '
                              '"run_tables.py"), "variants"])\n'),
        "test_a_hook.py": 'from tests import modules\nhook = modules.load("docs/hooks/command_output.py")\n',
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    assert script_loaders(tmp_path) == {"test_by_modules.py", "test_by_load.py", "test_by_importlib.py",
                                        "test_by_runpy.py"}
