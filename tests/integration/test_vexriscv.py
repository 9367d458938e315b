# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The vexriscv-sim target end to end: the SoC model built by Verilator (once, cached), the whole
catalogue in CPU cycles with every check passing, bit-identical repeat runs, decoded faults, and
the cache study and deadline sizing over CPU variants."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import catalogue
from rtbench.acquire.session import RunRequest, execute
from rtbench.analysis import variants
from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from rtbench.results.store import Store
from tests.conftest import FPU_LABELS, FREERTOS_LACKS, RISCV_NO_F, options_read_by

# Short counts keep the simulation to seconds; the tick-driven benchmarks read their own options.
SHORT = {"ticks": "10", "delays": "10", "periods": "10", "tm_periods": "2", "period_ms": "10", "windows": "2",
         "expiries": "5", "exits": "5"}
ITERATIONS = 60


def run_sim(workspace: Workspace, **overrides) -> Run:
    request = RunRequest(target="vexriscv-sim", iterations=ITERATIONS, warmup=10, silence=60.0, timeout=600.0,
                         variants=["standard"])
    for key, value in overrides.items():
        setattr(request, key, value)
    request.options = {**options_read_by(request.bench, SHORT), **request.options}
    return execute(request, workspace, lambda _message: None)


@pytest.fixture(scope="session")
def sim_run(workspace: Workspace) -> Run:
    return run_sim(workspace)


def medians(run: Run) -> dict[str, float]:
    return {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}


def test_whole_catalogue_runs_in_cycles(sim_run: Run) -> None:
    bad = [(r.label(), r.status, r.reason) for r in sim_run.results if r.status != "ok"]
    assert bad == [(label, "unsupported", RISCV_NO_F) for label in FPU_LABELS] + FREERTOS_LACKS  # rv32i has no FPU
    assert {r.bench for r in sim_run.results} == {b.name for b in catalogue.scan()}
    assert sim_run.manifest["stream_errors"] == []
    counting = ("tm_", "window_", "uart_irq_serve")  # operations per period or per tick window
    timed = [r for r in sim_run.results if r.bench != "footprint" and not r.bench.startswith(counting)]
    assert {r.unit for r in timed} == {"cycles"}
    assert {r.unit for r in sim_run.results if r.bench.startswith(counting)} == {"operations"}
    counts = {r.bench: len(r.samples()) for r in sim_run.results}
    assert counts["tick_cost"] == 10 and counts["delay_block"] == 10 and counts["periodic_jitter"] == 10
    assert counts["task_switch"] == ITERATIONS
    assert counts["tm_sync"] == 2


def test_cycle_counts_are_plausible(sim_run: Run) -> None:
    m = medians(sim_run)
    assert 50 < m["task_switch"] < 5000
    assert m["sem_take"] < m["sem_signal_wake"] and m["queue_send"] < m["queue_wake"]
    # The handler runs after the kernel's trap entry saved the context: tens to hundreds of cycles.
    assert 20 < m["irq_latency"] < m["irq_task_wake"]
    assert m["tick_cost[tasks=30]"] > m["tick_cost[tasks=0]"]
    assert m["cpu_reference"] > 1000


def test_manifest_records_variant_caches_and_versions(sim_run: Run) -> None:
    m = sim_run.manifest
    assert (m["target"], m["unit"]) == ("vexriscv-sim", "cycles")
    assert m["target_settings"]["cpu_variant"] == "standard"
    assert "D-cache" in m["target_settings"]["caches"]["standard"]
    assert "litex 2024.12" in m["emulator"]["packages"]
    assert m["emulator"]["version"].startswith("Verilator")
    assert m["run"]["exit_status"] == 0
    assert m["run"]["soc_blocks"] == []  # the plain model: no freertos-codesign slots
    assert "-march=rv32i" in m["compiler"]["flags"]["core"]


# Repeatability on a selection that crosses ticks, interrupts, blocking and the instrumented and
# services images (the whole catalogue twice would double the soft-core's share of the suite).
REPEATED = "boot_time,task_switch,task_preempt_load,sem_signal_wake,queue_wake,irq_task_wake,tick_cost," \
           "delay_block,sched_decision,timer_expiry,tm_sync,window_preempt"


def test_two_runs_give_identical_cycle_counts(workspace: Workspace) -> None:
    first, second = ({r.label(): r.raw_samples for r in run_sim(workspace, bench=REPEATED).results} for _ in range(2))
    assert len(first) > 20 and first.keys() == second.keys()
    assert [label for label in first if first[label] != second[label]] == []


def test_guest_fault_is_decoded_as_a_riscv_exception(workspace: Workspace, sim_run: Run) -> None:
    run = run_sim(workspace, bench="sem_take,queue_send", options={"inject": "fault:queue_send"})
    status = {r.bench: r for r in run.results}
    assert status["sem_take"].status == "ok"
    assert status["queue_send"].status == "error"
    reason = status["queue_send"].reason
    # VexRiscv without a debug unit takes __builtin_trap()'s ebreak as an illegal instruction.
    assert "riscv_exception" in reason and "ILLEGAL_INSTR" in reason and "ebreak" in reason
    assert "inject_if_asked at core/src/catalogue.c" in reason


def test_unknown_variant_is_refused_before_building(workspace: Workspace) -> None:
    with pytest.raises(RtbenchError, match="no variant"):
        run_sim(workspace, variants=["huge"])


def test_deadline_sizes_the_clock_from_the_worst_case(tmp_path: Path, workspace: Workspace, sim_run: Run) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        run_id = store.save(sim_run)
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "deadline", "--chain",
                           "irq_task_wake", "--deadline", "220us", "--clock", "100MHz"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    worst = max(next(r for r in sim_run.results if r.bench == "irq_task_wake").samples())
    row = next(line for line in proc.stdout.splitlines() if line.startswith("standard"))
    assert str(worst) in row.split()
    assert f"{worst / 220e-6 / 1e6:.3f} MHz" in row
    assert f"{100 * worst / 22000:.1f} %" in row
    assert f"run {run_id}" in proc.stdout


def test_cache_study_compares_variants_with_the_reference(workspace: Workspace, tmp_path: Path) -> None:
    """minimal has no caches and standard 4+4 KiB: caches must speed the reference workload up."""
    run = run_sim(workspace, bench="cpu_reference,sem_take,task_switch", variants=["minimal", "standard"],
                  iterations=30)
    assert all(r.status == "ok" for r in run.results)
    assert {r.params["cpu_variant"] for r in run.results} == {"minimal", "standard"}
    names, rows = variants.cache_study(run, "minimal")
    assert names == ["minimal", "standard"]
    gains = {row.label: row.gains["standard"] for row in rows}
    assert gains["cpu_reference"] > 1.5
    assert set(gains) == {"cpu_reference", "sem_take", "task_switch"}
    table = variants.cache_table(names, rows, "minimal")
    assert "standard gain" in table and "vs ref" in table


def test_full_variant_counts_retired_instructions_beside_cycles(workspace: Workspace) -> None:
    """minstret on the full variant: an instruction count never exceeds the cycle count of the
    same path, and plain code runs at well under 2 cycles per instruction with caches."""
    benches = "task_switch,sem_take,cpu_reference,periodic_jitter"
    cycles = run_sim(workspace, bench=benches, variants=["full"], iterations=20)
    instructions = run_sim(workspace, bench=benches, variants=["full"], iterations=20, count="instructions")
    assert {r.unit for r in instructions.results} == {"instructions"}
    # Instructions are not time: the periodic benchmark says so instead of failing.
    jitter = next(r for r in instructions.results if r.bench == "periodic_jitter")
    assert jitter.status == "unsupported" and "not time" in jitter.reason
    assert "minstret" in instructions.manifest["unit_note"]
    assert instructions.manifest["compiler"]["flags"]["core"].count("-DRTB_TS_INSTRET") == 1
    c, i = medians(cycles), medians(instructions)
    assert set(i) == {"task_switch", "sem_take", "cpu_reference"}
    assert all(0 < i[name] <= c[name] for name in i), (c, i)
    assert c["cpu_reference"] / i["cpu_reference"] < 2.0
    with pytest.raises(RtbenchError, match="cannot count instructions"):
        run_sim(workspace, count="instructions")  # standard has no minstret
    # The two images differ in rtbench's code only: the linker script keeps the kernel's code
    # where it was, 4 KiB-aligned, so its cache sets do not move between them.
    first, second = (kernel_symbols(Path(r.manifest["image"]["elf"])) for r in (cycles, instructions))
    assert cycles.manifest["image"]["elf"] != instructions.manifest["image"]["elf"]
    assert first == second and first["__rtb_kernel_text"] % 4096 == 0
    assert first["vTaskSwitchContext"] != 0


def kernel_symbols(elf: Path) -> dict[str, int]:
    """Addresses of kernel symbols (and the kernel text's start) in an image."""
    out = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True).stdout
    wanted = {"__rtb_kernel_text", "__rtb_kernel_text_end", "vTaskSwitchContext", "xTaskIncrementTick",
              "xQueueSemaphoreTake", "freertos_risc_v_trap_handler"}
    return {name: int(addr, 16) for addr, _kind, name in (line.split() for line in out.splitlines()
                                                            if len(line.split()) == 3) if name in wanted}


def test_hung_guest_is_stopped_and_named(workspace: Workspace, sim_run: Run) -> None:
    run = run_sim(workspace, bench="sem_take,mutex_lock", options={"inject": "hang:mutex_lock"}, silence=4.0)
    status = {r.bench: r for r in run.results}
    assert status["sem_take"].status == "ok"
    assert status["mutex_lock"].status == "error" and "hung" in status["mutex_lock"].reason
    assert run.manifest["run"]["exit_status"] is None  # rtbench stopped the simulator
