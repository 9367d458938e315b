# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench calibrate`: a board run's twin on the emulator of the same core (the same kernel and
source, profile, compiler flags, benchmarks, iterations and options: the same code, counted in
instructions), then the calibration of the one against the other (rtbench.results.calibration),
stored beside the runs."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..acquire.platforms import find_target
from ..acquire.session import RunRequest, execute
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..results import calibration
from ..results.store import Store


def emulator_of(board_run: Run) -> str:
    """The emulator target of a board run's core: the board family's (its target.toml [family]
    emulator), or the firmware folder itself when a stand-in ran an emulator target's image."""
    described = board_run.manifest.get("emulator", {})
    if board_run.manifest.get("target") != "board" or "firmware" not in described:
        raise RtbenchError(f"run {board_run.run_id} was not run on a board (--target board): there is nothing to "
                           "calibrate", "rtbench calibrate takes a board run: rtbench run --target board ...")
    folder = find_target(str(described["firmware"]))
    if folder.runner != "board":
        return folder.name
    emulator = folder.spec.get("family", {}).get("emulator")
    if not emulator:
        raise RtbenchError(f"the board family {folder.name} names no emulator of its core",
                           f"add emulator = \"qemu-...\" to the [family] table of {folder.folder / 'target.toml'}")
    return str(emulator)


def twin_request(board_run: Run, emulator: str) -> RunRequest:
    """The board run's settings, on the emulator."""
    manifest = board_run.manifest
    settings: dict[str, Any] = manifest.get("run", {})
    kernel = manifest.get("kernel", {})
    source = str(kernel.get("source", ""))
    # A tree the user gave is given again; a registry's (FreeRTOS from cargo) is found again.
    kernel_src = Path(source) if source and "registry" not in str(kernel.get("origin", "")) else None
    benches = settings.get("benches") or []
    return RunRequest(target=emulator, os=manifest.get("os"), profile=str(manifest.get("profile", "default")),
                      bench=",".join(benches) or None, iterations=int(settings.get("iterations", 1000)),
                      warmup=int(settings.get("warmup", 100)), options=dict(settings.get("options", {})),
                      kernel_src=kernel_src, opt_flags=str(manifest.get("compiler", {}).get("opt_flags", "-O2")))


def calibrate(board_run: Run, workspace: Workspace, progress: Callable[[str], None],
              emulator_run: Run | None = None) -> tuple[int, dict[str, Any]]:
    """Runs the twin (unless given), stores it and the calibration; returns the calibration's id
    and document."""
    emulator = emulator_of(board_run)
    if emulator_run is None:
        progress(f"calibrate run {board_run.run_id} on {emulator}: the same kernel, code and benchmarks")
        emulator_run = execute(twin_request(board_run, emulator), workspace, progress)
        with Store(workspace.store) as store:
            store.save(emulator_run)
        progress(f"stored the {emulator} run as run {emulator_run.run_id}")
    elif emulator_run.manifest.get("target") != emulator or emulator_run.manifest.get("os") != \
            board_run.manifest.get("os"):
        raise RtbenchError(f"run {emulator_run.run_id} ran {emulator_run.manifest.get('os')} on "
                           f"{emulator_run.manifest.get('target')}, not {board_run.manifest.get('os')} on {emulator}",
                           "leave out --emulator-run: calibrate runs the twin itself")
    board_name = str(board_run.manifest.get("emulator", {}).get("board", "board"))
    document = calibration.calibrate(board_run, board_name, emulator_run, emulator)
    with Store(workspace.store) as store:
        calibration_id = store.save_calibration(document)
    return calibration_id, document
