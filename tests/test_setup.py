# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""scripts/setup.sh in parts: the main job alone by default, a part that cannot be installed
reported with what it disables while the set-up goes on, and only the main job's part fatal.
The failures are real: pip asked for a package through a proxy that refuses every connection."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from rtbench.acquire import doctor, platforms, setup_parts

REPO = Path(__file__).resolve().parent.parent
SETUP = REPO / "scripts" / "setup.sh"
# No network: a proxy on a port nothing listens on, and pip told not to retry.
OFFLINE = {"http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
           "HTTPS_PROXY": "http://127.0.0.1:9", "PIP_RETRIES": "0", "PIP_TIMEOUT": "2", "PIP_NO_CACHE_DIR": "1"}


def setup(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SETUP), *args], capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})}, cwd=REPO)


def test_the_main_job_sets_up_without_the_network() -> None:
    """On a machine that has the main job's packages, the set-up needs no network (GitHub cut,
    registries too) and installs nothing else."""
    proc = setup(env=OFFLINE)
    assert proc.returncode == 0, proc.stderr
    assert "ready in" in proc.stderr and "--all installs the rest" in proc.stderr
    assert "pip: installing" not in proc.stderr and "apt: installing" not in proc.stderr


def _parts(tmp_path: Path, main: str) -> tuple[Path, Path]:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\nversion = "0"\ndependencies = []\n'
                         '[project.optional-dependencies]\nghost = ["rtbench-no-such-package-anywhere>=1"]\n')
    parts = tmp_path / "parts.toml"
    parts.write_text(f'[main]\nenables = "the main job"\n{main}\n'
                     '[haunted]\nenables = "nothing real: a part whose package no registry can give"\n'
                     'pip = ["ghost"]\n')
    return parts, pyproject


def test_a_part_that_cannot_be_installed_is_reported_and_the_set_up_goes_on(tmp_path: Path) -> None:
    parts, pyproject = _parts(tmp_path, "")
    proc = setup("--part", "haunted", "--parts-file", str(parts), "--pyproject", str(pyproject), env=OFFLINE)
    assert proc.returncode == 0, proc.stderr
    assert "part haunted is not installed; it disables nothing real" in proc.stderr
    assert "pip install failed" in proc.stderr
    assert "to try again: scripts/setup.sh --part haunted" in proc.stderr


def test_the_main_jobs_part_is_fatal(tmp_path: Path) -> None:
    parts, pyproject = _parts(tmp_path, 'pip = ["ghost"]')
    proc = setup("--parts-file", str(parts), "--pyproject", str(pyproject), env=OFFLINE)
    assert proc.returncode == 1
    assert "the main job's part did not install: pip install failed" in proc.stderr


def test_an_unknown_part_is_named_with_the_parts() -> None:
    proc = setup("--part", "no-such-part")
    assert proc.returncode == 2 and "no part no-such-part" in proc.stderr and "minerva" in proc.stderr


def test_every_target_kernel_and_cpu_is_covered_by_one_part() -> None:
    """Each doctor's part is installed by exactly one set-up part (a kernel from a user's tree may
    have one for its tools: NuttX's Kconfig)."""
    covered = [entry for spec in setup_parts.parts().values() for entry in spec.get("covers", [])]
    assert len(covered) == len(set(covered)), covered
    for target in platforms.targets():
        assert f"target {target.name}" in covered, target.name
        for part in doctor.cpu_parts(target):
            assert f"cpu {part.name}" in covered, part.name
    for kernel in platforms.kernels():
        assert f"kernel {kernel.name}" in covered or doctor.user_tree_only(kernel), kernel.name
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    installed = {group for spec in setup_parts.parts().values() for group in spec.get("pip", [])}
    assert installed == {"base", *extras}, "every extra belongs to a set-up part"


def test_the_doctor_names_the_part_that_fixes_a_check() -> None:
    check = doctor.tool_check("rtbench-no-such-tool", "rtbench-package", "soc")
    assert check.fix == "run scripts/setup.sh --part soc, or apt-get install rtbench-package"
    check = doctor.tool_check("rtbench-no-such-tool", "pip:nuttx", "nuttx")
    assert check.fix == "run scripts/setup.sh --part nuttx, or pip install 'rtbench[nuttx]'"


def test_the_doctor_checks_the_named_parts_only() -> None:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "doctor", "--part", "docs"], capture_output=True,
                          text=True, timeout=120, cwd=REPO)
    assert proc.returncode == 0, proc.stdout
    assert "harness docs" in proc.stdout and "target qemu-m3" not in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "rtbench", "doctor", "--part", "nope"], capture_output=True,
                          text=True, timeout=120, cwd=REPO)
    assert proc.returncode == 2 and "no set-up part nope" in proc.stderr
