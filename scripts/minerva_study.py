#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The emulation study's cache tables on the Minerva CPU (campaigns/emulation-study-minerva.toml),
one `rtbench run` per kernel with every cache configuration in it, timed: how long each model
took to build (generated core and Verilator) and each configuration's simulation, then the
median cycles and the gain over no cache per benchmark (the study's measure: +100 % = twice as
fast). The runs are stored, so `rtbench cache --study ID,ID` sets them beside the study.

    python3 scripts/minerva_study.py [--kernels freertos,ucos2] [--variants small] [--iterations 200]
                                     [--home DIR] [--out summary.json]

--variants: `all` (the campaign's seven), `small` (none, D, I, I+D at 2K/1K), `large` (none and
16K/8K), or variant names separated by spaces (one argument). uC/OS-II needs UCOS2_PATH."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CAMPAIGN = REPO / "campaigns" / "emulation-study-minerva.toml"
_BUILT = re.compile(r"model\s+(\S+) built in (\d+) s")


def _variants(choice: str, every: list[str]) -> list[str]:
    if choice == "all":
        return every
    if choice in ("small", "large"):
        big = ("16K", "8K")
        return [v for v in every if v == "minerva" or any(s in v for s in big) == (choice == "large")]
    return choice.split()


def run_kernel(kernel: str, variants: list[str], settings: dict, args: argparse.Namespace) -> dict:
    """One run of `kernel` on every variant; its timings, medians and stored id."""
    with tempfile.TemporaryDirectory(prefix="rtbench-study-") as scratch:
        out = Path(scratch) / "run.json"
        command = [sys.executable, "-m", "rtbench", *(["--home", args.home] if args.home else []), "run",
                   "--target", settings["target"], "--os", kernel, "--cpu-variant", ",".join(variants),
                   "--bench", settings["bench"], "--iterations", str(args.iterations or settings["iterations"]),
                   "--warmup", str(settings["warmup"]), "--clock", settings["clock"], "--json", str(out)]
        started = time.monotonic()
        proc = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
        wall = time.monotonic() - started
        sys.stderr.write(proc.stderr)
        if proc.returncode not in (0, 1) or not out.exists():
            raise SystemExit(f"minerva_study: the {kernel} run failed (exit {proc.returncode})")
        run = json.loads(out.read_text())
    per_variant = run["manifest"]["run"].get("variants", {})
    medians: dict[str, dict[str, float]] = {}
    for result in run["results"]:
        if result["status"] == "ok":
            variant = result["params"].get("cpu_variant", variants[0])
            label = result["bench"] + "".join(f"[{k}={v}]" for k, v in sorted(result["params"].items())
                                              if k != "cpu_variant")
            medians.setdefault(label, {})[variant] = result["p50"]
    stored = re.search(r"stored as run (\d+)", proc.stderr)
    return {"kernel": kernel, "run_id": int(stored.group(1)) if stored else None, "wall_s": round(wall, 1),
            "model_build_s": {m.group(1): int(m.group(2)) for m in _BUILT.finditer(proc.stderr)},
            "simulation_s": {v: per_variant.get(v, {}).get("seconds") for v in variants},
            "failed": [f"{r['bench']} on {r['params'].get('cpu_variant', '')}: {r['reason']}" for r in run["results"]
                       if r["status"] != "ok"],
            "medians": medians}


def table(summary: dict, variants: list[str]) -> str:
    base = variants[0]
    lines = [f"{summary['kernel']} (run {summary['run_id']}): median cycles, gain over {base}",
             "benchmark".ljust(28) + "".join(v.replace("minerva:", "").replace("_ways=2", "")[:22].rjust(24)
                                              for v in variants)]
    for label, row in summary["medians"].items():
        cells = []
        for v in variants:
            value = row.get(v)
            gain = f" {100 * (row[base] / value - 1):+.0f}%" if value and base in row and v != base else ""
            cells.append(("-" if value is None else f"{value:.0f}{gain}").rjust(24))
        lines.append(label[:28].ljust(28) + "".join(cells))
    lines.append("model builds (s): " + ", ".join(f"{k} {v}" for k, v in summary["model_build_s"].items()))
    lines.append("simulation (s): " + ", ".join(f"{k} {v}" for k, v in summary["simulation_s"].items()))
    if summary["failed"]:
        lines.append("failed: " + "; ".join(summary["failed"]))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", default="freertos,ucos2")
    parser.add_argument("--variants", default="all", help="all, small, large, or names separated by spaces")
    parser.add_argument("--iterations", type=int, help="samples per benchmark (default: the campaign's)")
    parser.add_argument("--home", help="rtbench workspace (default: rtbench's)")
    parser.add_argument("--out", type=Path, help="also write the summaries as JSON")
    args = parser.parse_args()
    settings = tomllib.loads(CAMPAIGN.read_text())["settings"]
    variants = _variants(args.variants, settings["cpu_variant"])
    summaries = []
    for kernel in [k for k in args.kernels.split(",") if k]:
        summary = run_kernel(kernel, variants, settings, args)
        summaries.append(summary)
        print(table(summary, variants), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"variants": variants, "kernels": summaries}, indent=1) + "\n")
    return 0 if not any(s["failed"] for s in summaries) else 1


if __name__ == "__main__":
    sys.exit(main())
