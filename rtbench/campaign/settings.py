# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The settings a campaign cell can have (the matrix file's keys), each checked on its own and
normalised, and how a cell's settings become the RunRequest that `rtbench run` would make."""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from ..acquire import catalogue, durations, platforms, run_options
from ..acquire.load import KINDS as LOAD_KINDS
from ..acquire.session import RunRequest
from ..errors import RtbenchError
from ..suggest import unknown_hint

# The tick rates rtbench's RTOS ports offer, as the kernel profiles that have them: `default`
# (and `debug`) tick at 100 Hz, `tick1k` at 1 kHz. A cell gives `tick` or `profile`, not both.
TICK_PROFILES = {100: "default", 1000: "tick1k"}

# Every key a cell's settings may have, with what it means (for error messages and docs/guides/campaigns.md).
SETTINGS = {
    "target": "the platform, as --target (rtbench list names them), e.g. qemu-m3, vexriscv-sim, linux",
    "kernel": "the kernel port (--os), default: the target's",
    "kernel_src": "the kernel's source tree (--kernel-src), default: the registry copy or the port's variable",
    "cpu_variant": "hardware variant(s) of the target (--cpu-variant): a name or a list of names",
    "profile": "kernel configuration profile (--profile)",
    "tick": "tick rate in Hz, 100 or 1000 (the profiles default and tick1k)",
    "opt": "optimisation flags (--opt), e.g. \"-Os\"",
    "bench": "benchmark selection (--bench), comma-separated names or globs",
    "iterations": "measured iterations per benchmark (--iterations)",
    "warmup": "unrecorded iterations before measuring (--warmup)",
    "cold": "true keeps each benchmark's first sample, taken cold before the warm-up, apart (--cold; an image "
            "of its own)",
    "options": "benchmark options (--option), a table such as { ticks = 500 }",
    "cycles_model": "the Cortex-M timing model beside the instructions (--cycles-model): a core and its "
                    "parameters, e.g. \"cortex-m3\" or \"cortex-m3,ws=2\"; \"\" for the target's core",
    "clock": "nominal clock (--clock), e.g. \"100MHz\"",
    "count": "what the timestamps count where the target offers a choice (--count)",
    "load": "background load beside a host target (--load): none, cpu or io",
    "timeout": "how long a run may take (--timeout): seconds or a duration (\"2min\"); no effect on the numbers",
    "silence": "seconds without output before the guest counts as hung (--silence); does not change the numbers",
    "shards": "split the cell's run into N runs of consecutive benchmarks on N Dask workers at once, merged into "
              "one stored run (--shards N; not for linux cells)",
}
# The axis name `option.KEY` sets one benchmark option.
OPTION_AXIS = "option."
_CLOCK = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*([kKmMgG]?)(?:[hH][zZ])?\s*")


def _whole(value: Any, minimum: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RtbenchError(f"{key} must be a whole number, not {value!r}")
    if not minimum <= value <= run_options.U32_MAX:
        raise RtbenchError(f"{key} = {value} is outside {minimum}..{run_options.U32_MAX}")
    return value


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RtbenchError(f"{key} must be a non-empty string, not {value!r}")
    return value.strip()


def _seconds(value: Any, key: str) -> float:
    """A number of seconds, or a duration as the command line takes it ("2min", "90s")."""
    if isinstance(value, str):
        return durations.seconds(value, key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise RtbenchError(f"{key} must be a positive number of seconds or a duration such as \"2min\", "
                           f"not {value!r}")
    return float(value)


def clock_hz(value: Any) -> float:
    """100000000, "100MHz", "1.2 GHz"."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0:
        return float(value)
    match = _CLOCK.fullmatch(value) if isinstance(value, str) else None
    if not match or float(match.group(1)) <= 0:
        raise RtbenchError(f"clock must be a frequency such as \"100MHz\" or a number of Hz, not {value!r}")
    return float(match.group(1)) * {"": 1.0, "k": 1e3, "m": 1e6, "g": 1e9}[match.group(2).lower()]


def tick_hz(value: Any) -> int:
    """100, 1000, "100Hz", "1kHz"."""
    hz: float | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        hz = value
    elif isinstance(value, str) and _CLOCK.fullmatch(value):
        hz = clock_hz(value)
    if hz is None or hz not in TICK_PROFILES:
        offered = ", ".join(f"{rate} ({profile})" for rate, profile in TICK_PROFILES.items())
        raise RtbenchError(f"tick must be one of the tick rates the kernels offer as profiles, {offered}; "
                           f"not {value!r}")
    return int(hz)


def _option_value(key: str, value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RtbenchError(f"option {key} must be a whole number (or a string), not {value!r}")
    return str(value)


def normalise(key: str, value: Any) -> Any:
    """One setting's value checked on its own (what needs the other settings is checked per cell)."""
    if key == "target":
        return platforms.find_target(_text(value, key)).name
    if key == "kernel":
        return platforms.find_kernel(_text(value, key)).name
    if key == "kernel_src":
        path = Path(_text(value, key)).expanduser()
        if not path.is_dir():
            raise RtbenchError(f"kernel_src {path} is not a directory")
        return path.resolve()
    if key == "cpu_variant":
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            raise RtbenchError(f"cpu_variant must be a name or a list of names, not {value!r}")
        return list(names)
    if key == "profile":
        profile = _text(value, key)
        known = sorted({p for k in platforms.kernels() for p in k.profiles})
        if profile not in known:
            raise RtbenchError(f"no kernel has a profile '{profile}'", unknown_hint(profile, known, "profiles"))
        return profile
    if key == "tick":
        return tick_hz(value)
    if key == "opt":
        return " ".join(run_options.compiler_words(_text(value, key)))
    if key == "bench":
        text = _text(value, key)
        catalogue.select(catalogue.scan(), text)
        return text
    if key == "iterations":
        return _whole(value, 1, key)
    if key == "warmup":
        return _whole(value, 0, key)
    if key == "cold":
        if not isinstance(value, bool):
            raise RtbenchError(f"cold must be true or false, not {value!r}")
        return value
    if key == "options":
        if not isinstance(value, dict):
            raise RtbenchError(f"options must be a table such as {{ ticks = 500 }}, not {value!r}")
        return {str(k): _option_value(str(k), v) for k, v in value.items()}
    if key == "clock":
        return clock_hz(value)
    if key == "count":
        return _text(value, key)
    if key == "cycles_model":
        if not isinstance(value, str):
            raise RtbenchError(f"cycles_model must be a string such as \"cortex-m3\" (\"\" for the target's core), "
                               f"not {value!r}")
        return value.strip()
    if key == "load":
        if value not in LOAD_KINDS:
            raise RtbenchError(f"load must be one of {', '.join(LOAD_KINDS)}, not {value!r}")
        return value
    if key in ("timeout", "silence"):
        return _seconds(value, key)
    if key == "shards":
        return _whole(value, 1, key)
    raise RtbenchError(f"unknown setting '{key}'", unknown_hint(key, list(SETTINGS), "settings", listing=None))


def label(value: Any) -> str:
    """How a setting's value reads in tables and on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def request(settings: dict[str, Any]) -> RunRequest:
    """The RunRequest `rtbench run` would make from these settings."""
    profile = settings.get("profile")
    if "tick" in settings:
        profile = TICK_PROFILES[settings["tick"]]
    defaults = RunRequest()
    return RunRequest(
        target=settings.get("target", defaults.target), os=settings.get("kernel"),
        profile=profile or defaults.profile, bench=settings.get("bench"),
        iterations=settings.get("iterations", defaults.iterations), warmup=settings.get("warmup", defaults.warmup),
        options=dict(settings.get("options", {})), kernel_src=settings.get("kernel_src"),
        opt_flags=settings.get("opt", defaults.opt_flags), timeout=settings.get("timeout", defaults.timeout),
        silence=settings.get("silence"), variants=list(settings.get("cpu_variant", [])),
        clock_hz=settings.get("clock"), count=settings.get("count"), load=settings.get("load", defaults.load),
        cold=settings.get("cold", defaults.cold), cycles_model=settings.get("cycles_model"))
