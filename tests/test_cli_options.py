# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The command line people expect: help for every option, global options after the command,
run labels, one duration syntax, -q and -v, shell completion, and compare's verdict line."""
from __future__ import annotations

import argparse
import gzip
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import durations
from rtbench.cli import completion, parser
from rtbench.errors import RtbenchError
from tests.parts import need

REPO = Path(__file__).resolve().parent.parent


def rtbench(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd)


def test_every_option_of_every_command_has_help() -> None:
    """As hyperfine's help_expected: an option nobody explained is a bug."""
    top = parser()
    missing = [f"rtbench {name} {action.option_strings or action.dest}"
               for name, command in [("", top), *completion.commands(top).items()]
               for action in command._actions
               if action.help in (None, "") and not isinstance(action, argparse._SubParsersAction)]
    assert not missing, "options without help: " + ", ".join(missing)


def test_one_duration_syntax() -> None:
    assert durations.seconds("2min", "--timeout") == 120
    assert durations.seconds("90", "--timeout") == 90  # a bare number is seconds
    assert durations.seconds("500ms", "--silence") == 0.5
    assert durations.seconds("220µs", "--deadline") == pytest.approx(220e-6)
    for bad in ("soon", "0s", "-1s", "2 fortnights"):
        with pytest.raises(RtbenchError):
            durations.seconds(bad, "--timeout")
    args = parser().parse_args(["run", "--timeout", "2min", "--silence", "45s"])
    assert (args.timeout, args.silence) == (120, 45)


def test_global_options_go_before_or_after_the_command(tmp_path: Path) -> None:
    after = parser().parse_args(["runs", "--home", str(tmp_path), "-q"])
    before = parser().parse_args(["--home", str(tmp_path), "-v", "runs"])
    plain = parser().parse_args(["runs"])
    assert after.home == before.home == tmp_path and plain.home is None
    assert (after.quiet, after.verbose, before.verbose, plain.quiet) == (1, 0, 1, 0)


def test_a_labelled_run_with_home_and_timeout_after_the_command(tmp_path: Path) -> None:
    need("target", "qemu-m3")
    home = tmp_path / "ws"
    done = rtbench("run", "--home", str(home), "--label", "first try", "--timeout", "2min", "--bench", "sem_take",
                   "--iterations", "20", "-v")
    assert done.returncode == 0, done.stderr
    assert "run 'first try': qemu-m3" in done.stdout
    assert "rtbench: provenance: kernel " in done.stderr  # -v
    listed = rtbench("runs", "--home", str(home))
    assert "'first try'" in listed.stdout
    quiet = rtbench("run", "--bench", "sem_take", "--iterations", "20", "--home", str(home), "-q")
    assert quiet.returncode == 0 and "rtbench:" not in quiet.stderr and "sem_take" in quiet.stdout
    compared = rtbench("compare", "1", "2", "--home", str(home))
    assert "first try" in compared.stdout


def _reference(tmp_path: Path, cell: str) -> Path:
    path = tmp_path / f"{cell}.json"
    path.write_bytes(gzip.decompress((REPO / "docs" / "reference" / f"{cell}.json.gz").read_bytes()))
    return path


def test_compare_ends_with_a_verdict_line(tmp_path: Path) -> None:
    import json

    a, b = _reference(tmp_path, "qemu-m3-freertos"), _reference(tmp_path, "qemu-m3-threadx")
    quick = ("--resamples", "100")  # the verdict's mean is of the point estimates; fewer resamples suffice
    same = rtbench("compare", str(a), str(a), *quick)
    assert same.stdout.rstrip().splitlines()[-1].startswith("verdict: B is the same as A")
    done = rtbench("compare", str(a), str(b), *quick)
    last = done.stdout.rstrip().splitlines()[-1]
    # The geometric mean of the median cost ratios of the sampled benchmarks, computed here.
    rows = [{(r["bench"], json.dumps(r["params"], sort_keys=True)): r for r in json.loads(p.read_text())["results"]}
            for p in (a, b)]
    ratios = []
    for key, base in rows[0].items():
        other = rows[1].get(key)
        # Sampled on both sides, with a positive median to divide by (periodic_jitter can be negative).
        if (other and base["status"] == other["status"] == "ok" and base["n"] > 1 and other["n"] > 1
                and statistics.median_low(base["samples"]) > 0):
            # rtbench's median is the nearest-rank one: the lower middle sample.
            ratio = statistics.median_low(other["samples"]) / statistics.median_low(base["samples"])
            ratios.append(1 / ratio if base["unit"] == "operations" else ratio)
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    word, size = ("faster", 1 / mean) if mean < 1 else ("slower", mean)
    assert last.startswith(f"verdict: B is {size:.3f}x {word} than A"), last
    # Two kernels differ in many settings: a few lines of them, then a summary.
    fairness = [line for line in done.stdout.splitlines() if line.startswith("  - ")]
    assert 0 < len(fairness) <= 5 and "--all-differences lists them" in done.stdout
    full = rtbench("compare", str(a), str(b), "--all-differences", *quick)
    assert len([line for line in full.stdout.splitlines() if line.startswith("  - ")]) > len(fairness)


def test_bash_completion_completes_commands_options_and_choices() -> None:
    script = rtbench("completion", "bash")
    assert script.returncode == 0
    probe = (script.stdout + '\nCOMP_WORDS=(rtbench rep); COMP_CWORD=1; _rtbench; echo "${COMPREPLY[@]}"'
             '\nCOMP_WORDS=(rtbench run --ta); COMP_CWORD=2; _rtbench; echo "${COMPREPLY[@]}"'
             '\nCOMP_WORDS=(rtbench report --format ""); COMP_CWORD=3; _rtbench; echo "${COMPREPLY[@]}"\n')
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    assert out.stdout.splitlines() == ["report", "--target", "table markdown csv json"], out.stderr


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_parse(shell: str, tmp_path: Path) -> None:
    need("harness", "test tools")  # the test part installs zsh and fish
    path = tmp_path / f"rtbench.{shell}"
    path.write_text(rtbench("completion", shell).stdout)
    assert subprocess.run([shell, "-n", str(path)], capture_output=True, timeout=30).returncode == 0


def test_a_chain_named_without_its_parameters_is_its_busiest(tmp_path: Path) -> None:
    """`deadline --chain reaction_chain` means the chain with the most background tasks."""
    import json

    run = _reference(tmp_path, "vexriscv-sim-caches-freertos")
    tasks = max(r["params"]["tasks"] for r in json.loads(run.read_text())["results"] if r["bench"] == "reaction_chain")
    for args in (["--chain", "reaction_chain"], ["--sweep", "25MHz:80MHz", "--chain", "reaction_chain"]):
        done = rtbench("deadline", *args, "--run", str(run))
        assert done.returncode == 0, done.stderr
        assert f"reaction_chain[tasks={tasks}]" in done.stdout
    wrong = rtbench("deadline", "--chain", "no_such_bench", "--run", str(run))
    assert wrong.returncode == 2 and "no ok result for no_such_bench" in wrong.stderr


def test_a_run_on_a_terminal_says_how_far_it_is(tmp_path: Path) -> None:
    """On a terminal each benchmark's line says how many are done and about how long is left;
    in a log (not a terminal) it does not guess."""
    import os
    import pty

    need("target", "qemu-m3")
    args = [sys.executable, "-m", "rtbench", "run", "--home", str(tmp_path / "ws"), "--bench", "sem_take,sem_give",
            "--iterations", "20"]
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=follower, timeout=300)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: everything was read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    on_terminal = b"".join(chunks).decode()
    assert proc.returncode == 0
    assert "[1/2, about " in on_terminal and "s left]" in on_terminal and "[2/2]" in on_terminal
    in_a_log = rtbench("run", "--home", str(tmp_path / "ws"), "--bench", "sem_take,sem_give", "--iterations", "20")
    assert "rtbench: run " in in_a_log.stderr and "left]" not in in_a_log.stderr
