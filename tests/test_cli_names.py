# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The command line's names: an unknown one is answered with the closest ("did you mean"), not
with every name; `rtbench list` groups them (and --json gives the same as a document); the shell
completion offers the names each option takes, from the code."""
from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rtbench.acquire import boards, catalogue, platforms
from rtbench.cli import completion, main
from rtbench.results import schema
from rtbench.suggest import closest, unknown_hint
from tests.parts import need

REPO = Path(__file__).resolve().parent.parent
BENCHES = [b.name for b in catalogue.scan()]


def rtbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO)


# --- did you mean ----------------------------------------------------------------------------

def test_the_closest_names_one_when_it_stands_out() -> None:
    targets = [t.name for t in platforms.targets()]
    assert closest("task_swich", BENCHES) == ["task_switch"]
    assert closest("QEMU-M3", targets) == ["qemu-m3"]  # case aside, the one it is
    assert closest("footprnt", BENCHES) == ["footprint"]
    assert closest("qemu-m5", targets) == ["qemu-m0", "qemu-m3", "qemu-m7"]  # alike: three, in the list's order
    assert closest("zephyr", [k.name for k in platforms.kernels()]) == []
    hint = unknown_hint("mutx_pi", BENCHES, "benchmarks")
    assert hint == f"did you mean mutex_pi? `rtbench list` shows all {len(BENCHES)} benchmarks"
    assert unknown_hint("nothing_like_it", ["a", "b"], "letters") == "letters: a, b"  # a short set: all of it


@pytest.mark.parametrize(("args", "meant"), [
    (["run", "--bench", "task_swich"], "did you mean task_switch? `rtbench list` shows all"),
    (["run", "--bench", "queue"], "did you mean 'queue*' ("),
    (["run", "--target", "qemu-m4"], "did you mean qemu-m4f"),
    (["run", "--os", "freertoss"], "did you mean freertos? known kernels: "),
    (["run", "--profile", "defualt"], "did you mean default? its profiles: default, "),
    (["run", "--target", "vexriscv-sim", "--cpu-variant", "standard,ful"], "did you mean full? its variants: "),
    (["run", "--target", "board", "--board", "nucleo-f401", "--serial", "/dev/null", "--gdb", "localhost:3333"],
     "did you mean nucleo-f401re? shipped boards: "),
    (["report", "--format", "mardown"], "invalid choice: 'mardown' (did you mean markdown? choices: table, "),
    (["completion", "bsh"], "did you mean bash?"),
])
def test_an_unknown_name_gets_the_closest_not_every_name(args: list[str], meant: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["--home", str(tmp_path / "home"), *args])
    except SystemExit as end:  # argparse's own refusal of a choice
        status = int(end.code or 0)
    err = capsys.readouterr().err
    assert status == 2 and meant in err, err
    assert len(err) < 700 and "sem_signal_wake_workload" not in err  # no wall of benchmark names
    assert not (tmp_path / "home").exists()  # refused before anything was built or stored


def test_an_unknown_command_names_the_one_meant() -> None:
    done = rtbench("reprot")
    assert done.returncode == 2 and "invalid choice: 'reprot' (did you mean report? `rtbench --help` shows all" \
        in done.stderr, done.stderr
    assert "runs" not in done.stderr.splitlines()[-1]  # not the list of every command


# --- rtbench list ----------------------------------------------------------------------------

def test_list_groups_benchmarks_by_category_and_targets_by_unit() -> None:
    done = rtbench("list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("benchmarks (--bench)"))
    headings = [(i, line.strip()) for i, line in enumerate(lines[start + 1:], start + 1) if re.match(r"  \S", line)]
    # Every category in its order, each heading counting the benchmarks listed under it.
    assert [re.sub(r" \(\d+\)$", "", text) for _, text in headings] == list(catalogue.CATEGORIES)
    listed: list[str] = []
    for (at, heading), (end, _) in zip(headings, [*headings[1:], (len(lines), "")]):
        names = [line.split()[0] for line in lines[at + 1:end]]
        category = re.sub(r" \(\d+\)$", "", heading)
        assert heading.endswith(f"({len(names)})") and names
        assert all(b.category == category for b in catalogue.scan() if b.name in names)
        listed += names
    assert sorted(listed) == sorted(BENCHES)  # each benchmark once
    assert "  instructions\n    qemu-a9 " in done.stdout and "  ns\n    linux " in done.stdout
    assert "    nucleo-f401re  " in done.stdout and "  vexriscv-sim (default standard)\n    minimal " in done.stdout


def test_every_benchmark_has_a_category() -> None:
    """A benchmark whose name starts with a word no category names would be listed under 'other':
    add the word to catalogue.CATEGORIES."""
    assert [b.name for b in catalogue.scan() if b.category == catalogue.OTHER] == []
    assert catalogue.BenchInfo("sem_new_one", 1, "").category == "semaphores"  # a new one files itself
    assert catalogue.BenchInfo("gizmo_take", 1, "").category == catalogue.OTHER


def test_list_json_is_the_same_listing_as_a_document() -> None:
    done = rtbench("list", "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    published = json.loads(schema.schema_file(schema.LIST).read_text())
    Draft202012Validator(published).validate(document)
    assert document["schema"] == schema.LIST == published["properties"]["schema"]["const"]
    assert [b["name"] for b in document["benchmarks"]] == \
        [b.name for benches in catalogue.by_category(catalogue.scan()).values() for b in benches]
    assert {t["name"] for t in document["targets"]} == {t.name for t in platforms.targets()}
    assert [b["name"] for b in document["boards"]] == boards.known_boards()
    (soc,) = document["cpu_variants"]
    assert soc["target"] == "vexriscv-sim" and [v["name"] for v in soc["variants"]] == \
        platforms.variant_names(platforms.find_target("vexriscv-sim"))
    assert {k["name"]: k["profiles"] for k in document["kernels"]} == {k.name: k.profiles for k in platforms.kernels()}


# --- completion of values ------------------------------------------------------------------------

def _expected() -> dict[str, list[str]]:
    """What each naming option must offer, read here from the code as `rtbench list` reads it."""
    kernels, targets = platforms.kernels(), platforms.targets()
    return {"--target": [t.name for t in targets] + ["board"], "--os": [k.name for k in kernels],
            "--profile": list(dict.fromkeys(p for k in kernels for p in k.profiles)), "--bench": BENCHES,
            "--cpu-variant": platforms.variant_names(platforms.find_target("vexriscv-sim")),
            "--board": boards.known_boards()}


def test_bash_completes_the_names_each_option_takes(tmp_path: Path) -> None:
    script = tmp_path / "rtbench.bash"
    script.write_text(rtbench("completion", "bash").stdout)
    cases = [("run", flag, "") for flag in _expected()] + [
        ("run", "--target", "qemu-m"), ("ab", "--os", "free"), ("run", "--bench", "task_switch,sem_ta"),
        ("history", "--bench", "mutex_p"), ("compare", "--bench", "queue_re"), ("footprint", "--os", "uc"),
        ("run", "--cpu-variant", "lite,m"), ("run", "--board", "nu")]
    probe = [f"source {script}", ('t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); '
                                  '_rtbench; echo "${COMPREPLY[*]}"; }')]
    probe += [f"t rtbench {command} {flag} '{word}'" for command, flag, word in cases]
    out = subprocess.run(["bash", "-c", "\n".join(probe)], capture_output=True, text=True, timeout=60)
    offered = out.stdout.splitlines()
    assert len(offered) == len(cases), out.stderr
    for flag, line in zip(_expected(), offered):  # an empty word: every name the option takes
        assert line.split() == _expected()[flag], flag
    assert offered[len(_expected()):] == [
        "qemu-m0 qemu-m3 qemu-m33 qemu-m4f qemu-m7", "freertos freertos-codesign freertos-hw",
        "task_switch,sem_take task_switch,sem_take_block", "mutex_pi mutex_pend mutex_pend_pi",
        "queue_recv queue_recv_ptr queue_recv_wake", "ucos2", "lite,minimal lite,minerva",
        "nucleo-f401re nucleo-g071rb"]


def test_fish_completes_the_names_each_option_takes(tmp_path: Path) -> None:
    need("harness", "test tools")
    script = tmp_path / "rtbench.fish"
    script.write_text(rtbench("completion", "fish").stdout)
    (tmp_path / "myboard.toml").touch()  # --board takes a file too
    lines = ["rtbench run --target qemu-m", "rtbench run --bench task_switch,sem_ta", "rtbench ab --os free",
             "rtbench run --cpu-variant lite,f", "rtbench run --profile tick", "rtbench run --board my"]
    probe = f"source {script}; " + "; ".join(f"complete -C '{line}'; echo ---" for line in lines)
    out = subprocess.run(["fish", "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    offered = [[row.split("\t")[0] for row in block.strip().splitlines()] for block in out.stdout.split("---")[:-1]]
    assert offered == [["qemu-m0", "qemu-m3", "qemu-m4f", "qemu-m7", "qemu-m33"],
                       ["task_switch,sem_take", "task_switch,sem_take_block"],
                       ["freertos", "freertos-codesign", "freertos-hw"], ["lite,full"], ["tick1k", "tickless"],
                       ["myboard.toml"]], \
        out.stderr


def _zsh_complete(functions: Path, lines: list[str]) -> list[str]:
    """What an interactive zsh (on a terminal of its own) shows after each line and a tab: the
    line as completed, or the list of what it could be."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe("zsh", ["zsh", "-f", "-i"], {**os.environ, "TERM": "vt100"})

    def read(until: bytes | None = None, quiet: float = 0.3, limit: float = 20) -> str:
        out, end, last = b"", time.monotonic() + limit, time.monotonic()
        while time.monotonic() < end and (until not in out if until else time.monotonic() - last < quiet):
            if select.select([fd], [], [], 0.1)[0]:
                out, last = out + os.read(fd, 65536), time.monotonic()
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x00|\x07", "", out.decode(errors="replace"))

    try:
        os.write(fd, f"cd {functions}; fpath=({functions} $fpath); autoload -Uz compinit; compinit -u -D; "
                     "rtbench() {{ }}; print RE''ADY\n".encode())
        assert "READY" in read(until=b"READY"), "zsh did not start"
        shown = []
        for line in lines:
            os.write(fd, (line + "\t").encode())
            shown.append(read(quiet=1.5).split("\r", 1)[-1].strip())  # until zsh has been quiet a while
            os.write(fd, b"\x15")  # ^U: an empty line for the next
            read(quiet=0.3)
        return shown
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def test_zsh_completes_the_names_each_option_takes(tmp_path: Path) -> None:
    need("harness", "test tools")
    (tmp_path / "_rtbench").write_text(rtbench("completion", "zsh").stdout)
    (tmp_path / "myboard.toml").touch()  # --board takes a file too
    shown = _zsh_complete(tmp_path, ["rtbench run --os freertos-c", "rtbench run --bench task_switch,sem_ta",
                                     "rtbench run --target qemu-m", "rtbench run --board nu",
                                     "rtbench run --board my"])
    assert shown[0].endswith("rtbench run --os freertos-codesign"), shown
    assert shown[1].endswith("rtbench run --bench task_switch,sem_take"), shown  # the common start of two
    assert re.search(r"qemu-m0\s+qemu-m3\s+qemu-m33\s+qemu-m4f\s+qemu-m7", shown[2]), shown
    assert shown[3].endswith("rtbench run --board nucleo-") and shown[4].endswith("--board myboard.toml"), shown
    assert "bad option" not in " ".join(shown) and "unmatched" not in " ".join(shown)


def test_the_completion_names_come_from_the_code() -> None:
    values = completion.option_values()
    assert {flag: list(v.names) for flag, v in values.items()} == _expected()
    assert [flag for flag, v in values.items() if v.listed] == ["--bench", "--cpu-variant"]
    assert [flag for flag, v in values.items() if v.files] == ["--board"]
