# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench as a user installs it: a wheel built from this tree, installed into a fresh virtual
environment (its dependencies from PyPI or pip's cache), run from a directory outside the checkout
with no RTBENCH_FIRMWARE: it must find its firmware, kernel-source pins and schemas in itself."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

pytestmark = pytest.mark.integration

# What a source distribution of rtbench holds (setup.py copies the trees into the wheel).
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "rtbench", "firmware",
           "kernel-sources", "docs")
BUILD_LEFTOVERS = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "Cargo.lock", "target")


def _clean_env() -> dict[str, str]:
    """This environment without what points Python or rtbench at the checkout."""
    return {k: v for k, v in os.environ.items()
            if k not in ("RTBENCH_FIRMWARE", "RTBENCH_HOME", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def _run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("env", _clean_env())
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)
    assert proc.returncode == 0, f"{' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory, repo_dir: Path) -> Path:
    """A copy of this tree, as a source distribution holds it: nothing of the checkout's build state."""
    root = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        origin = repo_dir / name
        if origin.is_dir():
            shutil.copytree(origin, root / name, ignore=BUILD_LEFTOVERS)
        else:
            shutil.copy2(origin, root / name)
    return root


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory, source: Path) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
          "-w", str(out), str(source)])
    (built,) = out.glob("rtbench-*.whl")
    return built


def _venv(root: Path, *install: str) -> Path:
    # No pip inside (this pip installs into it) and no byte-compiling: plotly alone is thousands of files.
    _run([sys.executable, "-m", "venv", "--without-pip", str(root)])
    _run([sys.executable, "-m", "pip", "--python", str(root / "bin" / "python"), "install", "--no-compile",
          "--disable-pip-version-check", "-q", *install])
    return root


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Path:
    return _venv(tmp_path_factory.mktemp("venv"), str(wheel))


@pytest.fixture(scope="module")
def user_env(tmp_path_factory: pytest.TempPathFactory, venv: Path) -> dict[str, str]:
    env = _clean_env()
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    return env


def test_wheel_carries_firmware_pins_schemas_and_licence(wheel: Path, repo_dir: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    shipped = {n.removeprefix("rtbench/firmware/") for n in names if n.startswith("rtbench/firmware/")}
    assert shipped == _files(repo_dir / "firmware")  # every firmware file, nothing else
    assert {"rtbench/kernel_sources/Cargo.toml", "rtbench/kernel_sources/lib.rs"} <= names
    schemas = {n.removeprefix("rtbench/schemas/") for n in names if n.startswith("rtbench/schemas/")}
    assert schemas == {p.name for p in (repo_dir / "docs" / "schema").glob("*.schema.json")}
    assert {"rtbench/data/fairness.toml", "rtbench/studies/weiss_emulation/study.toml",
            "rtbench/py.typed"} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: Apache-2.0" in metadata and "Author: rtbench developers" in metadata
    requirements = [line.split(":", 1)[1].split(";")[0] for line in metadata.splitlines()
                    if line.startswith("Requires-Dist:")]
    assert requirements and not any("==" in r for r in requirements)  # ranges, not pins
    # Dask (a campaign's runner, about 35 packages) only with the campaign extra, plotly with the html one.
    base = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert base and not any("dask" in line or "plotly" in line for line in base)
    assert any("dask" in line and "extra == \"campaign\"" in line for line in metadata.splitlines())
    assert any("plotly" in line and "extra == \"html\"" in line for line in metadata.splitlines())


def test_installed_wheel_lists_locates_and_runs(venv: Path, user_env: dict[str, str], tmp_path: Path,
                                                repo_dir: Path, wheel: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    rtbench = str(venv / "bin" / "rtbench")

    def run(*args: str) -> subprocess.CompletedProcess:
        return _run([rtbench, *args], cwd=outside, env=user_env)

    assert run("--version").stdout.strip() == "rtbench 0.1.0"
    listing = run("list").stdout
    for name in ("qemu-m3", "vexriscv-sim", "freertos", "ucos2", "task_switch", "mutex_pi", "tm_sync"):
        assert name in listing
    sources = run("sources").stdout
    assert "crate freertos-next" in sources and "UCOS2_PATH" in sources

    home, out = tmp_path / "home", tmp_path / "run.json"
    proc = run("--home", str(home), "run", "--bench", "task_switch", "--iterations", "50", "--json", str(out))
    assert "task_switch" in proc.stdout
    document = json.loads(out.read_text())
    (result,) = document["results"]
    assert result["status"] == "ok" and result["n"] == 50
    # The image was built from the wheel's firmware, not the checkout's.
    site = next((venv / "lib").glob("python3*/site-packages"))
    build_dir = Path(document["manifest"]["image"]["elf"]).parent
    compiled = " ".join(entry["file"] for entry in json.loads((build_dir / "compile_commands.json").read_text()))
    assert str(site / "rtbench" / "firmware") in compiled and str(repo_dir) not in compiled
    # The recorded flags name no directory of this machine (the firmware is "firmware/...").
    assert str(site) not in " ".join(document["manifest"]["compiler"]["flags"]["core"])
    schema = json.loads((repo_dir / "docs" / "schema" / "rtbench-run-1.schema.json").read_text())
    Draft202012Validator(schema).validate(document)
    # The installed package reads back what it wrote, and the workspace of the run is the only one made.
    assert "task_switch" in run("--home", str(home), "report", str(out)).stdout
    assert "1 results" in run("--home", str(home), "runs").stdout
    # A campaign: the installed package's Dask workers run a cell (its image is the one just built).
    matrix = outside / "one.toml"
    matrix.write_text('[settings]\nbench = "task_switch"\niterations = 50\n')
    assert "to run" in run("--home", str(home), "campaign", str(matrix), "--list").stdout
    # The base install has no Dask: running a campaign says which extra to install.
    python = str(venv / "bin" / "python")
    assert subprocess.run([python, "-c", "import distributed"], capture_output=True, env=user_env).returncode != 0
    refused = subprocess.run([rtbench, "--home", str(home), "campaign", str(matrix)], cwd=outside, env=user_env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "rtbench[campaign]" in refused.stderr, refused.stderr
    # Nor plotly: an HTML page says which extra draws it, and writes nothing.
    assert subprocess.run([python, "-c", "import plotly"], capture_output=True, env=user_env).returncode != 0
    page = tmp_path / "report.html"
    refused = subprocess.run([rtbench, "--home", str(home), "report", str(out), "--html", str(page)], cwd=outside,
                             env=user_env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "pip install 'rtbench[html]'" in refused.stderr and not page.exists()
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-compile", "--disable-pip-version-check",
          "-q", f"{wheel}[campaign,html]"])
    assert "[1/1] ok" in run("--home", str(home), "campaign", str(matrix), "--workers", "1").stderr
    run("--home", str(home), "report", str(out), "--html", str(page), "--plotly", "cdn")
    assert 'integrity="sha384-' in page.read_text(encoding="utf-8") and page.stat().st_size < 200_000
    assert run("--home", str(home), "runs").stdout.count("qemu-m3/freertos") == 2
    assert not (outside / ".rtbench").exists()
    # cargo's lock was written to the user's cache, not into the installed package.
    assert not list(site.glob("rtbench/kernel_sources/Cargo.lock"))
    assert list(Path(user_env["XDG_CACHE_HOME"]).glob("rtbench/kernel-sources-*/Cargo.lock"))


def test_an_editable_install_uses_the_checkout_trees(tmp_path: Path, source: Path, user_env: dict[str, str]) -> None:
    venv = _venv(tmp_path / "venv", "-e", str(source))
    probe = ("from rtbench import paths; "
             "print(paths.firmware_dir(), paths.kernel_sources_dir(), paths.schema_dir(), sep='\\n')")
    found = _run([str(venv / "bin" / "python"), "-c", probe], cwd=tmp_path, env=user_env).stdout.split()
    assert found == [str(source / "firmware"), str(source / "kernel-sources"), str(source / "docs" / "schema")]
    assert not {"firmware", "kernel_sources", "schemas"} & {p.name for p in (source / "rtbench").iterdir()}
    assert "task_switch" in _run([str(venv / "bin" / "rtbench"), "list"], cwd=tmp_path, env=user_env).stdout
