#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Measures the history of FreeRTOS-Kernel's releases V10.4.0 to V11.3.0 on qemu-m3 that
docs/guides/history.md shows, and stores `rtbench history --jsonl`'s export as
docs/reference/history/freertos-releases-qemu-m3.jsonl (and the bisections the page shows, as
`rtbench bisect --json` documents, NAME.json.gz), or checks the stored ones exactly.

    python3 scripts/release_history.py --kernel-repo ~/src/FreeRTOS-Kernel           # measure, store
    python3 scripts/release_history.py --kernel-repo ~/src/FreeRTOS-Kernel --check   # measure, compare

--kernel-repo is a clone of the public FreeRTOS/FreeRTOS-Kernel repository with its tags. Each
invocation measures in a fresh temporary workspace (or --home; --workers N runs the releases on a
local Dask cluster). --check prints every record whose figures differ from the stored ones
(the run ids and rtbench's commit aside), and every bisection whose tested revisions, first bad
commit or per-function attribution differ, and exits 1 when any does."""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "freertos-releases-qemu-m3"
# The releases from V10.4.0 on, in order (V10.4.0 and V10.4.1 were tagged -kernel-only); the
# LTS patch tags and older releases are left out.
RELEASES = ("V10.4.0-kernel-only", "V10.4.1-kernel-only", "V10.4.2", "V10.4.3", "V10.4.4", "V10.4.5", "V10.4.6",
            "V10.5.0", "V10.5.1", "V10.6.0", "V10.6.1", "V10.6.2", "V11.0.0", "V11.0.1", "V11.1.0", "V11.2.0",
            "V11.3.0")
BENCHMARKS = ("task_switch", "task_preempt", "sem_take", "sem_give", "sem_signal_wake", "queue_send", "queue_recv",
              "mutex_pi", "irq_latency", "task_create", "footprint")
TARGET = "qemu-m3"
# The bisections the page shows: (good, bad, benchmark, stored name). A good end is on the bad
# one's first-parent line (b60ab2fa1: where the V10.6 branch leaves the main line).
BISECTIONS = (("V10.4.3", "V10.5.0", "task_create", "freertos-task_create-V10.5.0"),
              ("b60ab2fa1", "V11.0.0", "task_switch", "freertos-task_switch-V11.0.0"))
# What a re-measurement may change without the figures changing.
IGNORED = ("run", "rtbench_commit")


def stored_path() -> Path:
    return ROOT / "docs" / "reference" / "history" / f"{NAME}.jsonl"


def measure(repo: Path, home: Path, out: Path, workers: int | None) -> None:
    command = [sys.executable, "-m", "rtbench", "--home", str(home), "history", "--kernel-repo", str(repo),
               "--revs", ",".join(RELEASES), "--target", TARGET, "--bench", ",".join(BENCHMARKS),
               "--jsonl", str(out)]
    if workers is not None:
        command += ["--workers", str(workers)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"history: `rtbench history` ended with status {done.returncode}")


def bisect(repo: Path, home: Path, good: str, bad: str, bench: str, out: Path) -> dict[str, Any]:
    command = [sys.executable, "-m", "rtbench", "--home", str(home), "bisect", "--kernel-repo", str(repo),
               "--good", good, "--bad", bad, "--bench", bench, "--target", TARGET, "--json", str(out)]
    done = subprocess.run(command, env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    if done.returncode != 0:
        raise SystemExit(f"history: `rtbench bisect` {good}..{bad} {bench} ended with status {done.returncode}")
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return document


def bisection_path(name: str) -> Path:
    return stored_path().parent / f"{name}.json.gz"


def bisection_figures(doc: dict[str, Any]) -> dict[str, Any]:
    """What a re-measured bisection must repeat: the revisions tested with their medians and
    verdicts, the first bad commit, both medians and the per-function attribution."""
    functions = (doc.get("attribution") or {}).get("functions") or []
    return {"tested": [(t["commit"], t["median"], t["verdict"]) for t in doc["tested"]],
            "first_bad": doc["first_bad"]["commit"], "medians": (doc["median_before"], doc["median_after"]),
            "functions": [(f["function"], f["before"], f["after"]) for f in functions]}


def records(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def differences(stored: list[dict[str, Any]], measured: list[dict[str, Any]]) -> list[str]:
    """Every record whose figures differ, by (revision, benchmark)."""
    def keyed(rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(r["kernel_revision"], r["benchmark"]): {k: v for k, v in r.items() if k not in IGNORED}
                for r in rows}

    old, new = keyed(stored), keyed(measured)
    out = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a != b:
            changed = sorted(k for k in set(a or {}) | set(b or {}) if (a or {}).get(k) != (b or {}).get(k))
            out.append(f"{key[0]} {key[1]}: " + ", ".join(
                f"{k} {(a or {}).get(k)!r} -> {(b or {}).get(k)!r}" for k in changed))
    return out


def machine_paths(text: str, *paths: Path) -> list[str]:
    return [str(p) for p in paths if str(p) in text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel-repo", type=Path, required=True, help="a clone of FreeRTOS/FreeRTOS-Kernel")
    parser.add_argument("--check", action="store_true", help="compare with the stored history, store nothing")
    parser.add_argument("--home", type=Path, help="the workspace to build and run in (default: a temporary one)")
    parser.add_argument("--workers", type=int, help="run the releases on a local Dask cluster of N workers")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rtbench-history-") as scratch:
        home = args.home or Path(scratch) / "home"
        out = Path(scratch) / f"{NAME}.jsonl"
        measure(args.kernel_repo, home, out, args.workers)
        text = out.read_text(encoding="utf-8")
        bisections = {name: bisect(args.kernel_repo, home, good, bad, bench, Path(scratch) / f"{name}.json")
                      for good, bad, bench, name in BISECTIONS}
    leaked = machine_paths(text + "".join(json.dumps(doc) for doc in bisections.values()),
                           home.resolve(), args.kernel_repo.resolve(), ROOT)
    if leaked:
        print(f"history: the export names machine paths ({', '.join(leaked)}): not stored", file=sys.stderr)
        return 2
    if args.check:
        found = differences(records(stored_path().read_text(encoding="utf-8")), records(text))
        for name, doc in bisections.items():
            stored = json.loads(gzip.decompress(bisection_path(name).read_bytes()))
            if bisection_figures(stored) != bisection_figures(doc):
                found.append(f"bisection {name}: stored {bisection_figures(stored)}, measured {bisection_figures(doc)}")
        for line in found:
            print(line)
        print(f"history: {len(found)} record(s) differ from {stored_path().relative_to(ROOT)}", file=sys.stderr)
        return 1 if found else 0
    stored_path().parent.mkdir(parents=True, exist_ok=True)
    stored_path().write_text(text, encoding="utf-8")
    for name, doc in bisections.items():
        data = json.dumps(doc, separators=(",", ":")).encode() + b"\n"
        bisection_path(name).write_bytes(gzip.compress(data, mtime=0))
    print(f"history: stored {stored_path().relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
