# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core's simulation speed as recorded on a host, as Markdown tables captioned with
where and when: the records of scripts/soc_speed.py (--show, --show-cores), soc_cycles.py,
soc_shards.py and shard_exactness.py under docs/reference/host/ (the views `soc_speed`,
`soc_speed_cores`, `soc_cycles`, `soc_shards`, `shard_exactness`). The scripts measure; this
only renders."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .arguments import parser
from .host_speed import machine_text, record_path, record_view

TARGET_CPU_S = 120.0  # the whole FreeRTOS catalogue's CPU time on one variant
TARGET_CORE_RATIO = 1.5  # another CPU's catalogue against VexRiscv standard's CPU time
GOAL_S = 70.0  # the whole catalogue's wall time on 4 cores (issue 42)
GOAL_CORES = 4


def soc_speed(data: dict[str, Any]) -> str:
    """Each variant's catalogue with the baseline revision and this one."""
    lines = [("| variant | rtbench | CPU | simulator CPU | simulated cycles | skipped as idle "
             "| M cycles per simulator CPU second, skipped ones included |"),
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for variant, figures in data["variants"].items():
        for name, label in (("baseline", data["baseline"]), ("current", data["rtbench"])):
            f = figures[name]
            rate = f["simulated_cycles"] / f["simulator_cpu_s"] / 1e6
            lines.append(f"| {variant} | {label} | {f['cpu_s']:.1f} s | {f['simulator_cpu_s']:.1f} s | "
                         f"{f['simulated_cycles'] / 1e6:.1f} M | {f['skipped_cycles'] / 1e6:.1f} M | {rate:.2f} |")
    compared = "; ".join(f"{variant}: {f['compared']['results']} results, {f['compared']['samples']} samples, "
                         + ("identical" if not f["compared"]["different"] else "DIFFERENT")
                         for variant, f in data["variants"].items())
    met = ", ".join(f"{variant} {'met' if f['current']['cpu_s'] <= TARGET_CPU_S else 'missed'}"
                    for variant, f in data["variants"].items())
    lines += ["", (f"`scripts/soc_speed.py --baseline {data['baseline']} --variants {','.join(data['variants'])}`: "
              f"the whole FreeRTOS catalogue, both revisions started together, measured on {machine_text(data)} on "
              f"{data['date']} with rtbench {data['rtbench']}. Samples compared: {compared}. The "
              f"{TARGET_CPU_S:.0f} s CPU target: {met}. Host time on a shared machine: not checked exactly.")]
    return "\n".join(lines)


def soc_speed_cores(data: dict[str, Any]) -> str:
    """The CPUs side by side, against VexRiscv standard's CPU time."""
    base = data["variants"].get("standard", {}).get("cpu_s")
    lines = [("| CPU variant | CPU | against `standard` | simulator CPU | simulated cycles | skipped as idle "
             "| M cycles per simulator CPU second, skipped ones included | results (failed) |"),
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for variant, f in data["variants"].items():
        rate = f["simulated_cycles"] / f["simulator_cpu_s"] / 1e6
        against = f"{f['cpu_s'] / base:.2f}x" if base else ""
        lines.append(f"| `{variant}` | {f['cpu_s']:.1f} s | {against} | {f['simulator_cpu_s']:.1f} s | "
                     f"{f['simulated_cycles'] / 1e6:.1f} M | {f['skipped_cycles'] / 1e6:.1f} M | {rate:.2f} | "
                     f"{f['results']} ({f['failed']}) |")
    verdicts = ", ".join(f"{variant} {'met' if f['cpu_s'] <= TARGET_CORE_RATIO * base else 'missed'}"
                         for variant, f in data["variants"].items() if variant != "standard" and base)
    lines += ["", (f"`scripts/soc_speed.py --cores {','.join(data['variants'])}`: the whole FreeRTOS catalogue on "
              f"each, started together, measured on {machine_text(data)} on {data['date']} with rtbench "
              f"{data['rtbench']}. The target, at most {TARGET_CORE_RATIO}x `standard`'s CPU time: {verdicts}. "
              "Host time on a shared machine: not checked exactly.")]
    return "\n".join(lines)


def soc_cycles(data: dict[str, Any], top: int) -> str:
    """Where the catalogue's simulated cycles go: the `top` benchmarks, the others, all."""
    rows = sorted(data["benchmarks"].items(), key=lambda item: -item[1]["cycles"])
    total = sum(row["cycles"] for _, row in rows)
    skipped = sum(row["skipped"] for _, row in rows)
    lines = ["| benchmark | simulated cycles | share | skipped as idle |", "| --- | ---: | ---: | ---: |"]
    for name, row in rows[:top]:
        lines.append(f"| {name} | {row['cycles'] / 1e6:.1f} M | {100 * row['cycles'] / total:.1f} % | "
                     f"{row['skipped'] / 1e6:.1f} M |")
    rest = [row for _, row in rows[top:]]
    if rest:
        cycles, idle = sum(r["cycles"] for r in rest), sum(r["skipped"] for r in rest)
        lines.append(f"| {len(rest)} others | {cycles / 1e6:.1f} M | {100 * cycles / total:.1f} % | "
                     f"{idle / 1e6:.1f} M |")
    lines += [f"| **all** | **{total / 1e6:.1f} M** | 100 % | **{skipped / 1e6:.1f} M** |", "",
              (f"`scripts/soc_cycles.py --variant {data['variant']} --os {data['os']}`: the whole catalogue's "
              f"simulated cycles charged to the benchmark running (set-up, measured runs, printing its samples), "
              f"rtbench {data['rtbench']}, {data['date']}. Simulated cycles do not depend on the host.")]
    return "\n".join(lines)


def _idle_cpu_s(variant: str) -> float | None:
    """The unsharded catalogue's CPU seconds on an idle machine, from soc_speed.py's record."""
    try:
        data = json.loads(record_path("soc-speed").read_text(encoding="utf-8"))
        return float(data["variants"][variant]["current"]["cpu_s"])
    except (OSError, KeyError, ValueError, TypeError):
        return None


def _scaled(data: dict[str, Any], estimate: float) -> str:
    """The estimate scaled to an idle machine: a loaded machine's contention also inflates CPU
    time, so the estimate is scaled by the unsharded run's CPU time here against soc_speed's
    record of the same catalogue on an idle machine."""
    idle, here = _idle_cpu_s(data["variant"]), data["runs"][0]["cpu_s"]
    if idle is None or here <= idle:
        return ""
    return (f" Scaled by the unsharded catalogue's CPU time on an idle machine ({idle:.0f} s, "
            f"`soc_speed.py`'s record) against here ({here:.0f} s): about {estimate * idle / here:.0f} s, "
            "an estimate from two measurements, not a measurement.")


def _goal(data: dict[str, Any]) -> str:
    """What the record says of the goal: met, or estimated where fewer cores measured it."""
    goal = next((r for r in data["runs"] if r["shards"] == GOAL_CORES), None)
    if goal is None:
        return ""
    if data["machine"]["cpus"] < GOAL_CORES:
        verdict = "within" if goal["estimate_on_idle_cores_s"] < GOAL_S else "over"
        return (f" The goal, the catalogue in under {GOAL_S:.0f} s on {GOAL_CORES} cores: estimated "
                f"{goal['estimate_on_idle_cores_s']:.0f} s, {verdict} it (not measured on {GOAL_CORES} cores)."
                + _scaled(data, goal["estimate_on_idle_cores_s"]))
    verdict = "met" if goal["wall_s"] < GOAL_S else "missed"
    return f" The goal, the catalogue in under {GOAL_S:.0f} s on {GOAL_CORES} cores: {verdict}."


def soc_shards(data: dict[str, Any]) -> str:
    """The catalogue unsharded and in shards: wall and CPU time, the idle-cores estimate."""
    where = data["machine"]
    lines = [("| run | wall | CPU | shards: benchmarks, CPU | on as many idle cores (estimate) "
             "| results identical to unsharded |"), "| --- | ---: | ---: | --- | ---: | ---: |"]
    for run in data["runs"]:
        name = f"--shards {run['shards']}" if run["shards"] > 1 else "unsharded"
        parts = "; ".join(f"{p['benches']} from {p['first']}: {p['cpu_s']:.0f} s"
                          for p in run.get("parts", [])) or "-"
        estimate = f"{run['estimate_on_idle_cores_s']:.0f} s" if "estimate_on_idle_cores_s" in run else "-"
        compared = run.get("compared")
        same = f"{compared['results'] - len(compared['different'])} of {compared['results']}" if compared else "-"
        lines.append(f"| {name} | {run['wall_s']:.0f} s | {run['cpu_s']:.0f} s | {parts} | {estimate} | {same} |")
    load = where["load_average"]
    lines += ["", f"`scripts/soc_shards.py --shards {','.join(str(r['shards']) for r in data['runs'][1:])} --variant "
              f"{data['variant']}`: the whole FreeRTOS catalogue on vexriscv-sim {data['variant']}, measured on "
              f"{where['cpu_model']} with **{where['cpus']} CPUs** (Linux {where['kernel']}, load average "
              f"{load[0]:.1f} before and {load[1]:.1f} after: other work shared the machine) on {data['date']} with "
              f"rtbench {data['rtbench']}. Wall and CPU times were measured; the column of idle cores is an estimate "
              "(the slowest shard's CPU time plus the run's time outside its shards), not a measurement."
              + _goal(data)]
    return "\n".join(lines)


def shard_exactness(data: dict[str, Any]) -> str:
    """Per kernel and shard count: how many results are identical to the unsharded run's."""
    lines = ["| kernel | shards | results identical | differ, with a cause | differ, without one | medians moved |",
             "| --- | ---: | ---: | ---: | ---: | --- |"]
    for kernel, figures in data["kernels"].items():
        for count, row in figures["shards"].items():
            moved = ", ".join(row["medians_moved"]).replace("|", "\\|") or "none"  # a split median's bar
            lines.append(f"| {kernel} | {count} | {row['identical']} of {figures['results']} | "
                         f"{len(row['explained'])} | {len(row['unexplained'])} | {moved} |")
    counts = sorted({int(count) for figures in data["kernels"].values() for count in figures["shards"]})
    lines += ["", (f"`scripts/shard_exactness.py --target {data['target']} --os {','.join(data['kernels'])} --shards "
              f"{','.join(str(c) for c in counts)}`: the whole catalogue at `rtbench run`'s "
              f"defaults, unsharded and sharded, every result compared sample by sample (rtbench {data['rtbench']}, "
              f"{data['date']}). Instruction counts under QEMU `-icount`: exact, the same on any machine. The causes: "
              "the BEGIN record's sequence number, the option table, the benchmark before it in its image.")]
    return "\n".join(lines)


def render_soc_cycles(argv: list[str]) -> str:
    args_parser = parser("soc_cycles", "Where the soft-core catalogue's simulated cycles go, as Markdown.")
    args_parser.add_argument("record", nargs="?", type=Path, default=record_path("soc-cycles"), metavar="FILE",
                             help="the record (default docs/reference/host/soc-cycles.json)")
    args_parser.add_argument("--top", type=int, default=25, help="how many benchmarks to show one by one")
    args = args_parser.parse_args(argv)
    return soc_cycles(json.loads(args.record.read_text(encoding="utf-8")), args.top)


VIEWS = {"soc_speed": record_view("soc_speed", "soc-speed", soc_speed),
         "soc_speed_cores": record_view("soc_speed_cores", "soc-speed-cores", soc_speed_cores),
         "soc_cycles": render_soc_cycles,
         "soc_shards": record_view("soc_shards", "soc-shards", soc_shards),
         "shard_exactness": record_view("shard_exactness", "shard-exactness", shard_exactness)}
