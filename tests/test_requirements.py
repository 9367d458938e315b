"""Dependencies are compatible ranges, and scripts/setup.sh's check (scripts/unmet_requirements.py)
installs only what does not satisfy them."""
from __future__ import annotations

import importlib.metadata as md
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "unmet_requirements.py"


def unmet(group: str, pyproject: Path = REPO / "pyproject.toml") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", str(SCRIPT), group, "--pyproject", str(pyproject)],
                          capture_output=True, text=True, timeout=60)


def test_dependencies_are_ranges_not_pins() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"] + project["optional-dependencies"]["soc"]:
        assert "==" not in requirement and ("<" in requirement or "~=" in requirement), requirement
    assert any(r.startswith("jsonschema") for r in project["dependencies"])


def test_the_ranges_admit_what_is_installed_here() -> None:
    proc = unmet("base")
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr


@pytest.mark.skipif(importlib.util.find_spec("litex") is None, reason="the SoC packages are not installed")
def test_the_soc_ranges_admit_what_is_installed_here() -> None:
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
                                               "no-such-package-rtbench>=1 (not installed)",
                                               f"pytest<1 (found {md.version('pytest')})"]
    assert unmet("extra", pyproject).stdout.strip() == ""
    assert unmet("nothing", pyproject).returncode == 2
