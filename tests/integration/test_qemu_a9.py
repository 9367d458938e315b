# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""qemu-a9: FreeRTOS and Debian's PREEMPT_RT Linux on the same emulated Cortex-A9, in one unit.
Short runs of the Rhealstone benchmarks and boot_time on both kernels, twice each; the guest
kernel package comes through the tool's own apt path (rtbench.acquire.guest_kernel)."""
from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.analysis.rhealstone import COMPONENTS, composite
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.store import Store

RHEALSTONE = ",".join(bench for _, bench in COMPONENTS)
BENCHES = f"boot_time,{RHEALSTONE}"
# What varies between two Linux guest runs (see docs/guides/qemu-a9.md, "What varies between runs,
# and why"): nothing here.
ITERATIONS = 60


def a9_run(workspace: Workspace, os_name: str) -> Run:
    request = RunRequest(target="qemu-a9", os=os_name, bench=BENCHES, iterations=ITERATIONS, warmup=10,
                         timeout=600.0)
    return execute(request, workspace, lambda _message: None)


@pytest.fixture(scope="module")
def freertos_runs(workspace: Workspace) -> list[Run]:
    return [a9_run(workspace, "freertos") for _ in range(2)]


@pytest.fixture(scope="module")
def linux_runs(workspace: Workspace) -> list[Run]:
    return [a9_run(workspace, "linux-rt") for _ in range(2)]


def samples(run: Run) -> dict[str, list[int]]:
    return {r.label(): r.samples() for r in run.results}


def test_every_benchmark_is_ok_on_both_kernels(freertos_runs: list[Run], linux_runs: list[Run]) -> None:
    for run in (freertos_runs[0], linux_runs[0]):
        assert [(r.label(), r.status, r.reason) for r in run.results if r.status != "ok"] == []
        assert {r.bench for r in run.results} == set(BENCHES.split(","))
        assert run.manifest["unit"] == "instructions" and run.manifest["stream_errors"] == []


def test_the_unit_is_exact_instructions_on_both_kernels(freertos_runs: list[Run], linux_runs: list[Run]) -> None:
    """Each image times a loop of 8002 instructions (load, mov, 4000 x subs+bne) with its
    timestamp counter at start-up: the ticks, converted as every sample is, say exactly 8002.
    The Linux guest reads the same counter from user space through /dev/mem."""
    for run in (freertos_runs[0], linux_runs[0]):
        check = run.manifest["target_settings"]["unit_check"]
        assert re.search(r"read as (\d+) ticks = 8002 instructions$", check), check
        ticks = int(re.search(r"read as (\d+) ticks", check).group(1))  # type: ignore[union-attr]
        assert round(ticks * 5 / 16) == 8002 and 8002 * 3.2 - 1 <= ticks <= 8002 * 3.2 + 1
    # The timestamp read itself is one load: its calibrated overhead rounds to 1 instruction.
    for run in (freertos_runs[0], linux_runs[0]):
        overhead = next(r for r in run.results if r.bench == "task_switch").overhead_raw
        assert round(overhead * 5 / 16) == 1, overhead


def test_freertos_runs_repeat_bit_for_bit(freertos_runs: list[Run]) -> None:
    assert samples(freertos_runs[0]) == samples(freertos_runs[1])


def test_linux_guest_runs_repeat_bit_for_bit(linux_runs: list[Run]) -> None:
    """Same kernel, same initramfs, same virtual clock: the guest's instruction stream repeats."""
    assert samples(linux_runs[0]) == samples(linux_runs[1])
    ramdisks = {run.manifest["run"]["initramfs_sha256"] for run in linux_runs}  # written anew per run
    assert len(ramdisks) == 1 and re.fullmatch(r"[0-9a-f]{64}", ramdisks.pop())


def test_the_manifest_records_the_guest_kernel(linux_runs: list[Run]) -> None:
    manifest = linux_runs[0].manifest
    package = manifest["run"]["guest_kernel"]
    assert package["package"].startswith("linux-image-") and package["package"].endswith("-rt-armmp")
    assert package["architecture"] == "armhf" and re.fullmatch(r"[0-9a-f]{64}", package["sha256"])
    assert manifest["kernel"]["version"] == package["release"]
    assert package["version"] in manifest["kernel"]["origin"]
    assert manifest["kernel"]["config"]["preemption"] == "PREEMPT_RT"
    assert "PREEMPT_RT" in manifest["kernel"]["config"]["build"]
    settings = manifest["target_settings"]
    assert settings["realtime"] == "1"  # /sys/kernel/realtime inside the guest
    assert "cryptomgr.notests" in settings["kernel_cmdline"] == manifest["run"]["kernel_append"]
    assert "ktimers/0=FIFO 91" in settings["kthread_priorities"]
    irq = next(r for r in linux_runs[0].results if r.bench == "irq_latency")
    assert any("POSIX timer" in note for note in irq.notes)


def test_boot_time_and_its_phases_on_both_kernels(freertos_runs: list[Run], linux_runs: list[Run]) -> None:
    def phases(run: Run) -> tuple[int, dict[str, int]]:
        boot = next(r for r in run.results if r.bench == "boot_time")
        found = {m.group(1): int(m.group(2)) for m in (re.match(r"phase (\w+): (-?\d+)", n) for n in boot.notes) if m}
        return boot.samples()[0], found

    total, parts = phases(freertos_runs[0])
    assert set(parts) == {"c_runtime", "kernel_init", "objects_created", "first_task"}
    assert abs(sum(parts.values()) - total) <= 4
    total, parts = phases(linux_runs[0])
    assert set(parts) == {"kernel_start", "init_running", "catalogue_running"}
    assert abs(sum(parts.values()) - total) <= 3
    # The zImage decompressor and the kernel's boot dominate; rtbench's own part is the smallest.
    assert parts["catalogue_running"] < parts["init_running"] < parts["kernel_start"]
    assert total > 1000 * phases(freertos_runs[0])[0]


def test_compare_prints_ratios_between_the_two_kernels(tmp_path: Path, freertos_runs: list[Run],
                                                      linux_runs: list[Run]) -> None:
    home = tmp_path / "home"
    with Store(Workspace(home).store) as store:
        for run in (freertos_runs[0], linux_runs[0]):
            store.save(copy.deepcopy(run))
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), "compare", "1", "2"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if line.startswith("task_switch "))
    ratio = re.search(r"(\d+\.\d+) \[", line)
    assert ratio, line
    medians = [composite(run).medians["task_switch"] for run in (freertos_runs[0], linux_runs[0])]
    assert float(ratio.group(1)) == pytest.approx(medians[1] / medians[0], abs=0.001)


def test_the_rhealstone_composite_of_both_kernels(freertos_runs: list[Run], linux_runs: list[Run]) -> None:
    freertos, linux = composite(freertos_runs[0]), composite(linux_runs[0])
    assert freertos.unit == linux.unit == "instructions"
    # A general-purpose kernel's paths (system calls, its scheduler) are longer on every component.
    assert all(linux.medians[b] > freertos.medians[b] for _, b in COMPONENTS)
    assert linux.mean > 5 * freertos.mean


def test_the_periodic_tick_profile_boots_the_guest_with_nohz_off(workspace: Workspace,
                                                                 linux_runs: list[Run]) -> None:
    request = RunRequest(target="qemu-a9", os="linux-rt", profile="periodic-tick", bench="periodic_jitter",
                         options={"periods": "40"}, timeout=600.0)
    run = execute(request, workspace, lambda _message: None)
    assert [r.status for r in run.results] == ["ok"]
    # The guest's own /proc/cmdline has the word; the manifest says what the tick is, built and booted.
    assert "nohz=off" in run.manifest["target_settings"]["kernel_cmdline"].split()
    assert re.fullmatch(r"\d+ Hz, periodic \(nohz=off; built NO_HZ_\w+\)", run.manifest["run"]["tick"])
    assert re.fullmatch(r"\d+ Hz, stopped while idle \(NO_HZ_\w+\)", linux_runs[0].manifest["run"]["tick"])
    assert "nohz=off" not in linux_runs[0].manifest["target_settings"]["kernel_cmdline"].split()
