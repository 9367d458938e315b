# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What makes this host's numbers trustworthy (`--target linux`), as pyperf's `system show`
reads it: the CPU frequency governor, isolated CPUs, SMT, real-time throttling, where interrupts
may go, the kernel's preemption model and the load. `tune` changes the two settings that are
safe to change and to change back (the governor and real-time throttling), saving the old
values so that `reset` restores them."""
from __future__ import annotations

import json
import os
import platform
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError

SYS_CPU = Path("/sys/devices/system/cpu")
RT_RUNTIME = Path("/proc/sys/kernel/sched_rt_runtime_us")
IRQ_DEFAULT = Path("/proc/irq/default_smp_affinity")
REALTIME = Path("/sys/kernel/realtime")


@dataclass(frozen=True)
class Setting:
    name: str
    value: str
    advice: str | None = None  # what to change, when the setting hurts the measurement

    @property
    def ok(self) -> bool:
        return self.advice is None


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def _governors() -> dict[str, str]:
    found = {}
    for folder in sorted(SYS_CPU.glob("cpu[0-9]*")):
        governor = _read(folder / "cpufreq" / "scaling_governor")
        if governor is not None:
            found[folder.name] = governor
    return found


def _governor() -> Setting:
    governors = _governors()
    if not governors:
        return Setting("CPU frequency governor", "none (no cpufreq: a fixed clock or a virtual machine)")
    others = sorted({g for g in governors.values() if g != "performance"})
    value = ", ".join(sorted(set(governors.values())))
    return Setting("CPU frequency governor", value, None if not others else
                   "the clock changes under load: `rtbench system tune` sets performance")


def _isolated() -> Setting:
    isolated = _read(SYS_CPU / "isolated")
    if isolated is None:
        return Setting("isolated CPUs", "unknown")
    return Setting("isolated CPUs", isolated or "none", None if isolated else
                   "other tasks share the measuring CPU: boot with isolcpus=N (and nohz_full=N), then "
                   "rtbench run --target linux --cpu N")


def _smt() -> Setting:
    active = _read(SYS_CPU / "smt" / "active")
    if active is None:
        return Setting("simultaneous multithreading", "unknown")
    return Setting("simultaneous multithreading", "on" if active == "1" else "off",
                   "a sibling thread shares the measuring core: disable SMT (nosmt) or leave the sibling idle"
                   if active == "1" else None)


def _rt_throttling() -> Setting:
    runtime = _read(RT_RUNTIME)
    if runtime is None:
        return Setting("real-time throttling", "unknown")
    if runtime == "-1":
        return Setting("real-time throttling", "off")
    return Setting("real-time throttling", f"SCHED_FIFO may run {int(runtime) / 1000:g} ms of each second",
                   "a long real-time burst is stopped for the rest of the second: `rtbench system tune` turns "
                   "throttling off")


def _interrupts() -> Setting:
    mask = _read(IRQ_DEFAULT)
    return Setting("default interrupt affinity", f"CPU mask {mask}" if mask else "unknown")


def _preemption() -> Setting:
    realtime = _read(REALTIME) == "1"
    version = platform.version()
    model = "PREEMPT_RT" if realtime or "PREEMPT_RT" in version else \
        "PREEMPT" if "PREEMPT" in version else "not preemptible (server)"
    return Setting("kernel preemption", f"{model} ({platform.release()})", None if model != "not preemptible (server)"
                   else "the kernel is not preemptible: latencies include whole system calls of other tasks")


def _load() -> Setting:
    one, _, _ = os.getloadavg()
    cpus = len(os.sched_getaffinity(0))
    return Setting("load average (1 min)", f"{one:.2f} on {cpus} CPU(s)",
                   "other work is running: measure on an idle machine" if one > 0.5 * cpus else None)


def inspect() -> list[Setting]:
    """Every setting, read from /sys and /proc; what cannot be read is 'unknown', never an error."""
    return [_governor(), _isolated(), _smt(), _rt_throttling(), _interrupts(), _preemption(), _load()]


# -- tune and reset -----------------------------------------------------------------------------

def _writes() -> dict[str, str]:
    """{file: value} that tune writes: the performance governor, real-time throttling off."""
    wanted = {str(RT_RUNTIME): "-1"}
    for cpu in _governors():
        wanted[str(SYS_CPU / cpu / "cpufreq" / "scaling_governor")] = "performance"
    return wanted


def tune(saved: Path) -> list[str]:
    """Applies the safe settings, after saving the current values to `saved` (kept from the
    first tune, so that a second tune does not overwrite what reset must restore)."""
    previous = json.loads(saved.read_text()) if saved.is_file() else {}
    changes = []
    for path, value in _writes().items():
        current = _read(Path(path))
        if current is None or current == value:
            continue
        previous.setdefault(path, current)
        _write(Path(path), value)
        changes.append(f"{path}: {current} -> {value}")
    if previous:
        saved.parent.mkdir(parents=True, exist_ok=True)
        saved.write_text(json.dumps(previous, indent=1) + "\n")
    return changes


def reset(saved: Path) -> list[str]:
    """Restores what tune changed, and forgets it."""
    if not saved.is_file():
        return []
    changes = []
    for path, value in json.loads(saved.read_text()).items():
        _write(Path(path), value)
        changes.append(f"{path}: restored {value}")
    saved.unlink()
    return changes


def _write(path: Path, value: str) -> None:
    try:
        path.write_text(value + "\n")
    except OSError as err:
        raise RtbenchError(f"cannot write {path}: {err.strerror or err}",
                           "run it as root (sudo), on the machine itself rather than in a container") from None
