# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Shared fixtures: one real FreeRTOS qemu-m3 build and one real run of the catalogue per
test session (both take a few seconds), in a private workspace."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rtbench.acquire import catalogue, sources
from rtbench.acquire.build import Build, build_image
from rtbench.acquire.doctor import user_tree_only
from rtbench.acquire.platforms import find_kernel, find_target, kernels
from rtbench.acquire.session import RunRequest, execute
from rtbench.model import Run
from rtbench.paths import Workspace

# Fixtures that build or run a real image: a test that uses one is an integration test.
_REAL_IMAGE_FIXTURES = {"built_image", "catalogue_run", "linux_image", "linux_run"}


# The files that take minutes (a full run's `--durations=0`, summed per file), longest first.
# pytest-xdist hands whole files to its workers in collection order (`--dist loadfile
# --no-loadscope-reorder` in pyproject.toml): started last, one of them would keep one worker busy
# while the others idle at the end; started first, the many short files fill the gaps instead.
LONG_FILES = ("test_reproducible.py", "test_reports.py", "test_vexriscv.py", "test_kernels_vexriscv.py",
              "test_board_stm32f4.py", "test_codesign.py", "test_reference_exact.py", "test_history.py",
              "test_kernels_asp3.py", "test_inputs.py", "test_profiles.py", "test_hwsched.py")


def _start_order(item: pytest.Item) -> int:
    """Long files first (in LONG_FILES' order), then the other integration files, then the rest."""
    if item.path.name in LONG_FILES:
        return LONG_FILES.index(item.path.name)
    return len(LONG_FILES) + (0 if "integration" in item.path.parts else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/integration, and every test that builds or runs a real image, is
    marked `integration`, so `pytest -m "not integration"` is the fast unit loop. The items are
    ordered by _start_order, each file's own order kept."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "integration" in item.path.parts or fixtures & _REAL_IMAGE_FIXTURES:
            item.add_marker(pytest.mark.integration)
    items.sort(key=_start_order)  # stable: a file's tests stay together and in order


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per kernel that needs a user's tree: how many of its tests passed, failed or
    skipped, so a log shows whether uC/OS-II and ThreadX were exercised or skipped."""
    names = [k.name for k in kernels() if user_tree_only(k)]
    counts = {name: {"passed": 0, "failed": 0, "skipped": 0} for name in names}
    for outcome in ("passed", "failed", "skipped", "error"):
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            if getattr(report, "when", "call") != "call" and outcome == "passed":
                continue
            for name in names:
                if f"[{name}" in nodeid or f"-{name}]" in nodeid or f"-{name}-" in nodeid:
                    counts[name]["failed" if outcome == "error" else outcome] += 1
    if not any(n for c in counts.values() for n in c.values()):
        return
    line = "; ".join(f"{name}: " + ", ".join(f"{n} {k}" for k, n in c.items()) for name, c in counts.items())
    terminalreporter.write_line(f"kernels from the user's trees: {line}")


# The FPU benchmarks on an image without floating-point hardware (qemu-m3 and every soft-float image).
SOFT_FLOAT = "this image uses the soft-float ABI: the core has no FPU state to switch"
RISCV_NO_F = "this image is built for a RISC-V core without the F extension: no FPU state to switch"
FPU_LABELS = tuple(f"{bench}[fpu={n}]" for bench in ("preempt_irq_fpu", "task_switch_fpu") for n in (0, 1))
# The benchmarks that need the kernel's trace hooks around its decision, every swept label: a
# kernel without such hooks says `unsupported` for each.
TRACED_LABELS = tuple(f"{b.name}[{b.param}={n}]" for b in catalogue.scan() if b.traced for n in b.values)
# Creation apart from the start (RTB_SERVICE_TASK_DORMANT), which FreeRTOS and its variants lack.
DORMANT_BENCHES = ("task_create_dormant", "task_start", "task_start_switch")
FREERTOS_NO_DORMANT = ("FreeRTOS readies a task when it creates it (xTaskCreateStatic adds it to the ready list): "
                       "it has no dormant state, no creation apart from the start")
FREERTOS_LACKS = [(bench, "unsupported", FREERTOS_NO_DORMANT) for bench in DORMANT_BENCHES]

# Short runs: every benchmark still runs every code path and check.
TEST_ITERATIONS = 200
TEST_WARMUP = 20


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    home = Workspace(tmp_path_factory.mktemp("rtbench-home"))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # Each pytest-xdist worker has a workspace of its own (store, logs), but the simulation
        # models and the images, slow to build and keyed by their inputs, are built once for all:
        # a model under its build lock, an image under its build directory's lock (which a run
        # also holds while it reads what the build tools keep there), as two shells sharing a
        # workspace do. The images are those of the same inputs, so every run is as it was.
        for name, own in (("models", home.root / "models"), ("build", home.builds)):
            shared = tmp_path_factory.getbasetemp().parent / name
            shared.mkdir(exist_ok=True)
            own.symlink_to(shared, target_is_directory=True)
    return home


def home_sharing_builds(home: Path, workspace: Workspace) -> Path:
    """A new workspace for a command-line test (its own store and logs) whose build folder is the
    session's: a test that is not about building finds its image built there (as --home's users
    share one), instead of building it once more."""
    workspace.builds.mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True)
    (home / "build").symlink_to(workspace.builds, target_is_directory=True)
    return home


@pytest.fixture(scope="session")
def built_image(workspace: Workspace) -> Build:
    kernel = find_kernel("freertos")
    source = sources.locate(kernel)
    return build_image(find_target("qemu-m3"), kernel, "default", source, workspace)


def run_catalogue(workspace: Workspace, **overrides) -> Run:
    request = RunRequest(iterations=TEST_ITERATIONS, warmup=TEST_WARMUP, silence=20.0, timeout=300.0)
    for key, value in overrides.items():
        setattr(request, key, value)
    return execute(request, workspace, lambda _message: None)


_CATALOGUES: dict[tuple[str, str], Run] = {}


def catalogue_once(workspace: Workspace, os_name: str, target: str) -> Run:
    """The whole catalogue of a kernel on a target, run once per session and shared by the tests
    that read it (a repeatability test runs it a second time itself)."""
    key = (os_name, target)
    if key not in _CATALOGUES:
        _CATALOGUES[key] = run_catalogue(workspace, os=os_name, target=target)
    return _CATALOGUES[key]


@pytest.fixture(scope="session")
def catalogue_run(workspace: Workspace, built_image: Build) -> Run:
    return run_catalogue(workspace)


@pytest.fixture(scope="session")
def repo_dir() -> Path:
    return Path(__file__).resolve().parent.parent


# --- the linux target: the catalogue on this host's kernel (posix port) --------------------

LINUX_PERIODS = 200
LINUX_PERIOD_US = 1000


def options_read_by(bench: str | None, options: dict[str, str]) -> dict[str, str]:
    """The options that the selected benchmarks read (a run refuses any other): test suites
    keep one set of short counts for every selection."""
    read = {key for b in catalogue.select(catalogue.scan(), bench) for key in b.options}
    return {key: value for key, value in options.items() if key in read}


def run_linux(workspace: Workspace, **overrides) -> Run:
    request = RunRequest(target="linux", iterations=TEST_ITERATIONS, warmup=TEST_WARMUP, silence=20.0,
                         timeout=300.0)
    for key, value in overrides.items():
        setattr(request, key, value)
    short = {"periods": str(LINUX_PERIODS), "period_us": str(LINUX_PERIOD_US)}
    request.options = {**options_read_by(request.bench, short), **request.options}
    return execute(request, workspace, lambda _message: None)


@pytest.fixture(scope="session")
def linux_image(workspace: Workspace) -> Build:
    kernel = find_kernel("posix")
    return build_image(find_target("linux"), kernel, "default", sources.locate(kernel), workspace)


@pytest.fixture(scope="session")
def linux_run(workspace: Workspace, linux_image: Build) -> Run:
    return run_linux(workspace)
