# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What makes this host's numbers trustworthy (`--target linux`), as pyperf's `system show`
reads it: the CPU frequency governor, isolated CPUs, SMT, real-time throttling, where interrupts
may go, the kernel's preemption model and the load. `tune` changes the two settings that are
safe to change and to change back (the governor and real-time throttling), saving the old
values so that `reset` restores them."""
from __future__ import annotations

import errno
import json
import os
import platform
import re
import stat
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

RT_PERIOD = Path("/proc/sys/kernel/sched_rt_period_us")
_SAVED_MAX = 64 * 1024  # what tune saves is a few lines
_GOVERNOR_FILE = re.compile(rf"{re.escape(str(SYS_CPU))}/cpu[0-9]+/cpufreq/scaling_governor")
_GOVERNOR_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _writes() -> dict[str, str]:
    """{file: value} that tune writes: the performance governor, real-time throttling off."""
    wanted = {str(RT_RUNTIME): "-1"}
    for cpu in _governors():
        wanted[str(SYS_CPU / cpu / "cpufreq" / "scaling_governor")] = "performance"
    return wanted


def _why_not_restorable(path: str, value: object) -> str | None:
    """Why `path: value` is not something tune saved (a file it writes, a value that file takes), or None."""
    if not isinstance(value, str):
        return f"its value for {path} is {type(value).__name__}, not text"
    if path == str(RT_RUNTIME):
        period = _read(RT_PERIOD)
        limit = int(period) if period and period.isdigit() else 1_000_000
        if value == "-1" or (value.isdigit() and int(value) <= limit):
            return None
        return f"{value!r} is not a real-time runtime for {path} (-1, or 0 to {limit} microseconds)"
    if _GOVERNOR_FILE.fullmatch(path):
        offered = (_read(Path(path).with_name("scaling_available_governors")) or "").split()
        if value in offered or (not offered and _GOVERNOR_NAME.fullmatch(value)):
            return None
        return f"{value!r} is not a governor {path} offers" + (f" ({', '.join(offered)})" if offered else "")
    return f"it names {path}, which rtbench system tune never writes"


def _refuse(saved: Path, why: str) -> RtbenchError:
    return RtbenchError(f"{saved} is not what rtbench system tune saved: {why}",
                        f"nothing was written; if you did not make it, delete it (rm {saved}); tune saves only "
                        f"{RT_RUNTIME} and the CPUs' cpufreq/scaling_governor, and `cat` of each shows what is set")


def _open_saved(saved: Path) -> bytes | None:
    """The saved file's bytes (None when there is none): a regular file of this user, which no
    one else may write. Under sudo the workspace may be the current folder: a file planted
    there must not choose what root writes."""
    try:
        fd = os.open(saved, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise _refuse(saved, "a symbolic link" if err.errno == errno.ELOOP else err.strerror or str(err)) from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(saved, "not a regular file")
        if info.st_uid != os.geteuid():
            raise _refuse(saved, f"it belongs to user {info.st_uid}, not to you ({os.geteuid()})")
        if info.st_mode & 0o022:
            raise _refuse(saved, f"other users may write it (mode {stat.filemode(info.st_mode)})")
        data = file.read(_SAVED_MAX + 1)
    if len(data) > _SAVED_MAX:
        raise _refuse(saved, f"it holds more than {_SAVED_MAX} bytes")
    return data


def load_saved(saved: Path) -> dict[str, str]:
    """What tune saved, every entry checked before anything is written; {} when nothing was saved."""
    data = _open_saved(saved)
    if data is None:
        return {}
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise _refuse(saved, f"not JSON ({err})") from None
    if not isinstance(document, dict):
        raise _refuse(saved, f"a JSON {type(document).__name__}, not an object of file: value")
    for path, value in document.items():
        why = _why_not_restorable(path, value)
        if why:
            raise _refuse(saved, why)
    return dict(document)


def _save(saved: Path, values: dict[str, str]) -> None:
    """Written beside, then renamed over: a link planted at `saved` is replaced, never followed."""
    saved.parent.mkdir(parents=True, exist_ok=True)
    partial = saved.with_name(f".{saved.name}.{os.getpid()}")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(json.dumps(values, indent=1) + "\n")
    partial.replace(saved)


def tune(saved: Path) -> list[str]:
    """Applies the safe settings, after saving the current values to `saved` (kept from the
    first tune, so that a second tune does not overwrite what reset must restore)."""
    previous = load_saved(saved)
    changes = []
    for path, value in _writes().items():
        current = _read(Path(path))
        if current is None or current == value:
            continue
        if path not in previous:
            why = _why_not_restorable(path, current)
            if why:
                changes.append(f"{path}: left at {current}: reset could not restore it ({why})")
                continue
            previous[path] = current
            _save(saved, previous)  # before the change: reset can always undo what was written
        _write(Path(path), value)
        changes.append(f"{path}: {current} -> {value}")
    return changes


def reset(saved: Path) -> list[str]:
    """Restores what tune changed, and forgets it."""
    changes = []
    for path, value in load_saved(saved).items():
        _write(Path(path), value)
        changes.append(f"{path}: restored {value}")
    saved.unlink(missing_ok=True)
    return changes


def _write(path: Path, value: str) -> None:
    try:
        path.write_text(value + "\n")
    except OSError as err:
        raise RtbenchError(f"cannot write {path}: {err.strerror or err}",
                           "run it as root (sudo), on the machine itself rather than in a container") from None
