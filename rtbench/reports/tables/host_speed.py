# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's own speed as recorded on a host, as Markdown tables captioned with where and when:
the records that scripts/bench_speed.py, board_speed.py, cycle_model_speed.py and
first_minutes.py measure and keep under docs/reference/host/ (the views `bench_speed`,
`board_speed`, `cycle_model_speed`, `first_minutes`, each of one record, by default the stored
one; the scripts' --show prints the same). The scripts measure; this only renders."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...results.stats import median
from .. import reference_runs
from .arguments import parser

BENCH_CASES = (("clean", "clean build + full run"), ("warm", "full run, image built"))
BOARD_CASES = (("clean", "stand-in, clean build + whole catalogue"),
               ("warm", "stand-in, whole catalogue, images built"))
BOARD_TARGET_S = 180
MODEL_CASES = (("plain", "catalogue run"), ("model", "catalogue run, --cycles-model"))
MODEL_TARGET_RATIO = 3.0
FIRST_MINUTES_GOAL_S = 60.0


def record_path(name: str) -> Path:
    """A stored record of host figures: docs/reference/host/NAME.json."""
    return reference_runs.reference_dir() / "host" / f"{name}.json"


def _loaded(where: dict[str, Any]) -> str:
    load = where.get("load_average")
    return f", load average {load[0]:.1f} before and {load[1]:.1f} after" if load else ""


def machine_text(data: dict[str, Any], load: bool = True) -> str:
    """Where a record was measured: `AMD EPYC (2 CPUs, Linux 6.1.0, load average 0.9 before and
    1.7 after)`, the load where the record has it and `load` asks for it."""
    where = data["machine"]
    return f"{where['cpu_model']} ({where['cpus']} CPUs, Linux {where['kernel']}{_loaded(where) if load else ''})"


def _cases(data: dict[str, Any], cases: tuple[tuple[str, str], ...], digits: int) -> list[str]:
    """Each case's median, minimum and maximum seconds, as table lines."""
    lines = ["| case | median | min | max |", "| --- | ---: | ---: | ---: |"]
    for key, label in cases:
        values = data["seconds"][key]
        shown = (f"{value:.{digits}f} s" for value in (median(values), min(values), max(values)))
        lines.append(f"| {label} | " + " | ".join(shown) + " |")
    return lines


def bench_speed(data: dict[str, Any]) -> str:
    """A clean build plus a full run, and a re-run: medians, with where and when."""
    lines = _cases(data, BENCH_CASES, 2)
    met = "met" if median(data["seconds"]["clean"]) < 15 else "missed"
    lines += ["", (f"`scripts/bench_speed.py --repeat {data['repeat']} --target {data['target']} --os {data['os']}`, "
              f"measured on {machine_text(data)} on {data['date']} with rtbench {data['rtbench']}; the 15 s target "
              f"for the clean case was {met} there. "
              "Host time on a machine shared with other work: not checked exactly, and another run or machine "
              "gives other figures.")]
    return "\n".join(lines)


def board_speed(data: dict[str, Any]) -> str:
    """The stand-in board's whole catalogue, clean and with its images built."""
    lines = _cases(data, BOARD_CASES, 0)
    met = "met" if median(data["seconds"]["warm"]) < BOARD_TARGET_S else "missed"
    lines += ["", (f"`scripts/board_speed.py --repeat {data['repeat']} --board {data['board']} --os {data['os']}`, "
              f"measured on {machine_text(data)} on {data['date']} with rtbench {data['rtbench']}; the "
              f"{BOARD_TARGET_S} s target with the images built was {met} there. Host time on a machine shared with "
              "other work: not checked exactly.")]
    return "\n".join(lines)


def cycle_model_speed(data: dict[str, Any]) -> str:
    """The catalogue without and with the cycle model: CPU and wall time, and their ratio."""
    lines = ["| case | CPU, median | wall, median |", "| --- | ---: | ---: |"]
    for case, label in MODEL_CASES:
        lines.append(f"| {label} | {median(data['cpu_s'][case]):.1f} s | {median(data['wall_s'][case]):.1f} s |")
    ratio = median(data["cpu_s"]["model"]) / median(data["cpu_s"]["plain"])
    met = "met" if ratio <= MODEL_TARGET_RATIO else "missed"
    lines += ["", (f"The model's CPU time is **{ratio:.2f}** times the plain run's (the target, at most "
              f"{MODEL_TARGET_RATIO:.0f} times, {met}). `scripts/cycle_model_speed.py --repeat {data['repeat']} --os "
              f"{data['os']}`: the whole catalogue on {data['target']}, image built, measured on "
              f"{machine_text(data)} on {data['date']} with rtbench {data['rtbench']}. Host time on a shared machine: "
              "not checked exactly.")]
    return "\n".join(lines)


def first_minutes(data: dict[str, Any]) -> str:
    """The README's first command from a fresh state: the set-up, the first run, both."""
    seconds = data["seconds"]
    lines = ["| step | wall time |", "| --- | ---: |",
             f"| `scripts/setup.sh` | {seconds['setup']:.1f} s |",
             f"| `python3 -m rtbench run` (the image built from nothing) | {seconds['run']:.1f} s |",
             f"| **both** | **{seconds['total']:.1f} s** |"]
    state = ("after `--fresh` removed what the set-up installs (as on a new machine)" if data["fresh"]
             else "on a machine that had the set-up's packages")
    met = "met" if seconds["total"] < FIRST_MINUTES_GOAL_S else "missed"
    lines += ["", (f"`scripts/first_minutes.py{' --fresh' if data['fresh'] else ''}`, {state}, measured on "
              f"{machine_text(data, load=False)} on {data['date']} with rtbench "
              f"{data['rtbench']}; the {FIRST_MINUTES_GOAL_S:.0f} s goal was {met}. Host and network time: not checked "
              "exactly.")]
    return "\n".join(lines)


def record_view(name: str, record: str, shown: Callable[[dict[str, Any]], str]) -> Callable[[list[str]], str]:
    """The view NAME: `shown` of a record file (FILE, by default docs/reference/host/RECORD.json)."""
    def render(argv: list[str]) -> str:
        args_parser = parser(name, f"The recorded figures of {name} as Markdown.")
        args_parser.add_argument("record", nargs="?", type=Path, default=record_path(record), metavar="FILE",
                                 help=f"the record (default docs/reference/host/{record}.json)")
        args = args_parser.parse_args(argv)
        return shown(json.loads(args.record.read_text(encoding="utf-8")))
    return render


VIEWS = {"bench_speed": record_view("bench_speed", "speed", bench_speed),
         "board_speed": record_view("board_speed", "board-speed", board_speed),
         "cycle_model_speed": record_view("cycle_model_speed", "cycle-model-speed", cycle_model_speed),
         "first_minutes": record_view("first_minutes", "first-minutes", first_minutes)}
