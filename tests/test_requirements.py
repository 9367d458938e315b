# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Dependencies are compatible ranges, and scripts/setup.sh's check (scripts/unmet_requirements.py)
installs only what does not satisfy them."""
from __future__ import annotations

import importlib.metadata as md
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.parts import need

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "unmet_requirements.py"


def unmet(group: str, pyproject: Path = REPO / "pyproject.toml",
          site: Path | None = None) -> subprocess.CompletedProcess:
    """The script run as a command, isolated from this checkout and the user's site; `site` is a folder
    of more distributions, found on PYTHONPATH (which -I would ignore, so -s -P isolate the rest then)."""
    isolation, env = (["-I"], None) if site is None else (["-s", "-P"], {**os.environ, "PYTHONPATH": str(site)})
    return subprocess.run([sys.executable, *isolation, str(SCRIPT), group, "--pyproject", str(pyproject)],
                          capture_output=True, text=True, timeout=60, env=env)


def test_dependencies_are_ranges_not_pins() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for requirement in project["dependencies"] + extras["soc"] + extras["docs"]:
        assert "==" not in requirement and ("<" in requirement or "~=" in requirement), requirement
    assert any(r.startswith("jsonschema") for r in project["dependencies"])


def test_the_ranges_admit_what_is_installed_here() -> None:
    proc = unmet("base")
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr


def test_the_soc_ranges_admit_what_is_installed_here() -> None:
    need("target", "vexriscv-sim")
    proc = unmet("soc")
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr


def test_unmet_requirements_are_named_with_what_was_found(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\nversion = "0"\n'
                         'dependencies = ["numpy>=1.0", "plotly>=99", "no-such-package-rtbench>=1",'
                         ' "numpy<1; python_version < \'3\'"]\n'
                         '[project.optional-dependencies]\ntest = ["pytest<1"]\nextra = ["numpy>=1"]\n')
    proc = unmet("base", pyproject)
    assert proc.returncode == 0
    assert proc.stdout.strip().split("; ") == [f"plotly>=99 (found {md.version('plotly')})",
                                               "no-such-package-rtbench>=1 (not installed)"]
    assert unmet("test", pyproject).stdout.strip() == f"pytest<1 (found {md.version('pytest')})"
    assert unmet("extra", pyproject).stdout.strip() == ""
    assert unmet("nothing", pyproject).returncode == 2


def test_an_extras_packages_count(tmp_path: Path) -> None:
    """dask[distributed] is not met by dask alone: the extra's packages must be installed too."""
    site = tmp_path / "site"
    info = site / "rtbench_fake_base-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rtbench-fake-base\nVersion: 1.0\n"
                                   "Provides-Extra: more\nRequires-Dist: no-such-package-rtbench>=2; extra == 'more'\n"
                                   "Requires-Dist: numpy; extra == 'more'\nRequires-Dist: plotly<1; extra == 'other'\n")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\nversion = "0"\ndependencies = ["rtbench-fake-base>=1"]\n'
                         '[project.optional-dependencies]\nmore = ["rtbench-fake-base[more]>=1"]\n')
    assert unmet("base", pyproject, site).stdout.strip() == ""
    proc = unmet("more", pyproject, site)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "no-such-package-rtbench>=2 (not installed, for rtbench-fake-base[more]>=1)"
    assert unmet("campaign").stdout.strip() == ""  # dask[distributed] here: distributed is installed
