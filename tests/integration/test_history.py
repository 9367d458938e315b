# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench history`, `rtbench ab` and `rtbench bisect` on a kernel repository made at test time
from the registry's FreeRTOS tree: a pristine commit, an unrelated one (a comment), one that adds
work to the context-switch path (vTaskSwitchContext), one that does not compile, one that fixes
it and one that adds more work there. On qemu-m3 the counts are exact: the history finds exactly
the slower commit, `ab` exits 1 across it and 0 across the unrelated one, a resumed history
measures nothing again, the broken commit is a recorded point, not the end of the history, and
`bisect` skips it, names the last commit and attributes its instructions to vTaskSwitchContext.
SIGTERM ends a history, an `ab` or a bisection with 143, the measured part stored; outputs written
onto a full disk are left as they were, never empty."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rtbench.acquire import revisions, sources
from rtbench.acquire.platforms import find_kernel
from rtbench.errors import RtbenchError
from rtbench.results import schema
from rtbench.results.store import Store
from tests.runfiles import Cli, in_process

REPO = Path(__file__).resolve().parents[2]
# A benchmark that switches context (moves) and one that does not (stays).
BENCHES = "task_switch,sem_give"
SHORT = ("--iterations", "30", "--warmup", "5", "--bench", BENCHES)
# What the kernel build reads from a FreeRTOS-Kernel tree for qemu-m3 (os/freertos/os.cmake).
_TREE_PARTS = ("include", "portable/GCC/ARM_CM3", "portable/MemMang")
_SWITCH = re.compile(r"(void vTaskSwitchContext\( void \)\s*\{)")


def _work(nops: int) -> str:
    body = "\\n ".join(["nop"] * nops)  # the C string "nop\n nop..."
    return ("\n        /* rtbench test: more work on every context switch. */\n"
            f"        __asm volatile ( \"{body}\" );\n")


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=rtbench test", "-c", "user.email=test@rtbench",
                           "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", *args],
                          check=True, capture_output=True, text=True).stdout.strip()


def _commit(repo: Path, message: str, tag: str) -> None:
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", message)
    _git(repo, "tag", tag)


@pytest.fixture(scope="module")
def kernel_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository of the registry's FreeRTOS tree with six commits, tagged c1 to c6."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    tree = sources.locate(find_kernel("freertos")).path
    assert tree is not None
    repo = tmp_path_factory.mktemp("kernel") / "FreeRTOS-Kernel"
    repo.mkdir()
    for source in tree.glob("*.c"):
        shutil.copy2(source, repo / source.name)
    for part in _TREE_PARTS:
        shutil.copytree(tree / part, repo / part)
    _git(repo, "init", "-q", "-b", "main")
    _commit(repo, "pristine registry tree", "c1")
    list_c = repo / "list.c"
    list_c.write_text(list_c.read_text() + "\n/* An unrelated change: a comment. */\n")
    _commit(repo, "comment in list.c", "c2")
    tasks_c = repo / "tasks.c"
    _add_work(tasks_c, 8)
    _commit(repo, "more work in vTaskSwitchContext", "c3")
    fine = list_c.read_text()
    list_c.write_text(fine + "\nthis does not compile\n")
    _commit(repo, "a change that breaks the build", "c4")
    list_c.write_text(fine)
    _commit(repo, "fix the build", "c5")
    _add_work(tasks_c, 4)
    _commit(repo, "four more instructions in vTaskSwitchContext", "c6")
    return repo


def _plotly_from_cdn(page: Path) -> bool:
    """--plotly cdn: the page loads plotly.js by its pinned address and embeds none of it."""
    text = page.read_text()
    return text.count('<script src="https://cdn.jsdelivr.net/npm/plotly.js-dist-min@') == 1 and \
        'integrity="sha384-' in text and "Plotly.newPlot" in text and len(text) < 1_000_000


def _add_work(tasks_c: Path, nops: int) -> None:
    text, found = _SWITCH.subn(lambda m: m.group(1) + _work(nops), tasks_c.read_text(), count=1)
    assert found == 1, "vTaskSwitchContext( void ) not found in the registry's tasks.c"
    tasks_c.write_text(text)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rtbench-history-home")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], home: Path) -> Cli:
    return in_process(capsys, home)


def _rows(table: str, first: str) -> list[list[str]]:
    return [line.split() for line in table.splitlines() if line.split()[:1] == [first]]


def test_history_finds_exactly_the_commit_that_adds_work(cli: Cli, kernel_repo: Path, tmp_path: Path) -> None:
    jsonl, page, bmf = tmp_path / "history.jsonl", tmp_path / "history.html", tmp_path / "bmf"
    done = cli("history", "--kernel-repo", str(kernel_repo), "--revs", "c1..c4", *SHORT,
               "--jsonl", str(jsonl), "--html", str(page), "--bmf", str(bmf))
    assert done.returncode == 0, done.stderr
    c3 = _git(kernel_repo, "rev-parse", "c3")
    # Exactly one change: task_switch at c3, slower; sem_give never moves; c2 (a comment) changes nothing.
    changes = [row for row in _rows(done.stdout, "task_switch") + _rows(done.stdout, "sem_give")
               if row[-1] in ("slower", "faster")]
    assert [(row[0], row[3], row[-1]) for row in changes] == [("task_switch", "c3", "slower")], done.stdout
    assert "1 change(s) at 1 revision(s), 1 of them worse" in done.stdout
    assert "every revision whose median differs" in done.stdout
    # The broken commit is a point of the history, with the compiler's error.
    assert re.search(r"^c4\s+\S+\s+build failed", done.stdout, re.MULTILINE), done.stdout
    assert "error:" in done.stdout
    # The export: one line per point and benchmark, with both commits and the statistics.
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [(r["kernel_revision"], r["benchmark"]) for r in records] == [
        (rev, bench) for rev in ("c1", "c2", "c3", "c4") for bench in BENCHES.split(",")]
    medians = {(r["kernel_revision"], r["benchmark"]): r["median"] for r in records}
    assert medians[("c1", "task_switch")] == medians[("c2", "task_switch")] < medians[("c3", "task_switch")]
    assert medians[("c1", "sem_give")] == medians[("c2", "sem_give")] == medians[("c3", "sem_give")]
    assert medians[("c4", "task_switch")] is None and records[-1]["status"] == "build failed"
    slow = next(r for r in records if r["kernel_revision"] == "c3" and r["benchmark"] == "task_switch")
    assert slow["kernel_commit"] == c3 and slow["rtbench_commit"] and slow["n"] == 30
    assert {"min", "q1", "median", "mean", "q3", "max", "stddev", "n", "config", "target"} <= slow.keys()
    assert slow["min"] <= slow["q1"] <= slow["median"] <= slow["q3"] <= slow["max"]
    html = page.read_text()
    assert "Plotly.newPlot" in html and "task_switch" in html and "vTaskSwitchContext" in html
    assert "Opens offline: plotly.js is embedded." in html and not _plotly_from_cdn(page)  # the default
    # Bencher Metric Format: one document per point with a value (c4 did not build), named by the
    # point's place and kernel commit; the median as value, the smallest and largest sample as bounds.
    commits = {rev: _git(kernel_repo, "rev-parse", rev) for rev in ("c1", "c2", "c3")}
    assert sorted(p.name for p in bmf.iterdir()) == [f"00{i}-{commits[rev]}.json"
                                                      for i, rev in enumerate(("c1", "c2", "c3"), 1)]
    third = json.loads((bmf / f"003-{c3}.json").read_text())
    assert third["task_switch"] == {"instructions": {"value": slow["median"], "lower_value": slow["min"],
                                                     "upper_value": slow["max"]}}
    assert set(third) == set(BENCHES.split(","))


def test_the_runs_name_their_revision_and_a_resumed_history_measures_nothing(
        cli: Cli, kernel_repo: Path, home: Path, tmp_path: Path) -> None:
    page = tmp_path / "history.html"
    done = cli("history", "--kernel-repo", str(kernel_repo), "--revs", "c1,c3", *SHORT, "--html", str(page),
               "--plotly", "cdn")
    assert done.returncode == 0, done.stderr
    assert _plotly_from_cdn(page)
    assert len(re.findall(r"stored as run \d+ \(ok\)", done.stderr)) == 2, done.stderr
    assert "build   " not in done.stderr and "run     " not in done.stderr
    # Each point's run names its kernel commit in its provenance (the tree is a git work tree).
    with Store(home / "results.sqlite", read_only=True) as store:
        manifest = store.load(int(re.findall(r"stored as run (\d+)", done.stderr)[1])).manifest
    assert manifest["kernel"]["tree"]["git"]["commit"] == _git(kernel_repo, "rev-parse", "c3")
    assert manifest["kernel"]["tree"]["git"]["dirty"] is False
    assert manifest["history"]["kernel_commit"] == _git(kernel_repo, "rev-parse", "c3")
    # The trees live in the workspace, never in the repository.
    assert str(home) in manifest["kernel"]["source"]
    assert _git(kernel_repo, "status", "--porcelain") == ""
    assert _git(kernel_repo, "worktree", "list").count("\n") == 0


def test_ab_exits_1_across_the_slower_commit_and_0_across_a_comment(
        cli: Cli, kernel_repo: Path, tmp_path: Path) -> None:
    bmf = tmp_path / "b.json"
    slower = cli("ab", "c2", "c3", "--kernel-repo", str(kernel_repo), *SHORT, "--bmf", str(bmf))
    assert slower.returncode == 1, slower.stdout + slower.stderr
    b_switch = json.loads(bmf.read_text())["task_switch"]["instructions"]["value"]
    assert [row[3] for row in _rows(slower.stdout, "task_switch")] == [str(b_switch)]  # B's median
    verdict = slower.stdout.strip().splitlines()[-1]
    assert verdict.startswith("verdict: B (c3) is slower than A (c2): 1 of 2 benchmarks changed, 1 worse"), verdict
    assert "no statistics" in verdict
    assert [row[-1] for row in _rows(slower.stdout, "task_switch")] == ["slower"]
    same = cli("ab", "c1", "c2", "--kernel-repo", str(kernel_repo), *SHORT)
    assert same.returncode == 0, same.stdout + same.stderr
    assert same.stdout.strip().splitlines()[-1].startswith("verdict: B (c2) is the same as A (c1)")
    faster = cli("ab", "c3", "c1", "--kernel-repo", str(kernel_repo), *SHORT)
    assert faster.returncode == 0 and "is faster than A (c3)" in faster.stdout
    broken = cli("ab", "c3", "c4", "--kernel-repo", str(kernel_repo), *SHORT)
    assert broken.returncode == 1 and "c4 did not build" in broken.stdout


@pytest.mark.parametrize(("args", "message"), [
    (("ab", "c1", "nope"), "REV_B: unknown revision 'nope'"),
    (("history", "--revs", "c4..c1"), "holds no commit after c4"),
    (("history", "--revs", "c1...c4"), "symmetric range"),
    (("history", "--revs", "c1,,c2"), "empty revision"),
    (("history", "--revs", "tags:zz*"), "no tag"),
    (("history", "--revs", "c1,c2", "--first-parent"), "--first-parent applies to a range"),
    (("history", "--revs", "c1", "--kernel-src", "x"), "unrecognized arguments"),
    (("ab", "c1", "c2", "--bench", "no_such_bench"), "matches no benchmark"),
    (("bisect", "--good", "c1", "--bad", "nope", "--bench", "task_switch"), "--bad: unknown revision 'nope'"),
    (("history", "--revs", "c1,nope"), "--revs: unknown revision 'nope'"),
    (("history", "--revs", "c1", "--bmf", "/no/such/folder/bmf"), "the directory /no/such/folder does not exist"),
    (("history", "--revs", "c1", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"), "does not apply"),
    (("bisect", "--good", "c2", "--bad", "c2", "--bench", "task_switch"), "the same commit"),
    (("bisect", "--good", "c3", "--bad", "c1", "--bench", "task_switch"), "c3 is not an ancestor of c1"),
    (("bisect", "--good", "c1", "--bad", "c2", "--bench", "task_*"), "follows one benchmark"),
])
def test_bad_input_exits_2_with_advice(cli: Cli, kernel_repo: Path, args: tuple[str, ...], message: str) -> None:
    done = cli(*args, "--kernel-repo", str(kernel_repo)) if "--kernel-src" not in args else None
    if done is None:
        with pytest.raises(SystemExit) as exit_info:
            cli(*args, "--kernel-repo", str(kernel_repo))
        assert exit_info.value.code == 2
        return
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_directory_that_is_no_git_repository_is_refused(cli: Cli, tmp_path: Path) -> None:
    done = cli("ab", "c1", "c2", "--kernel-repo", str(tmp_path))
    assert done.returncode == 2 and "is not a git repository" in done.stderr and "hint:" in done.stderr
    missing = cli("history", "--revs", "c1", "--kernel-repo", str(tmp_path / "absent"))
    assert missing.returncode == 2 and "does not exist" in missing.stderr


def test_a_repository_of_something_else_is_refused_before_any_checkout(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    other = tmp_path / "not-the-kernel"
    other.mkdir()
    (other / "README").write_text("a project that is not FreeRTOS\n")
    _git(other, "init", "-q", "-b", "main")
    _commit(other, "first", "c1")
    (other / "README").write_text("still not FreeRTOS\n")
    _commit(other, "second", "c2")
    home = tmp_path / "home"
    cli = in_process(capsys, home)
    for args in (("ab", "c1", "c2"), ("history", "--revs", "c1..c2"),
                 ("bisect", "--good", "c1", "--bad", "c2", "--bench", "task_switch")):
        done = cli(*args, "--kernel-repo", str(other))
        assert done.returncode == 2, done.stderr
        assert "has no tasks.c: it is not a tree of freertos" in done.stderr and "Traceback" not in done.stderr
        assert "is the same as A" not in done.stdout
    assert not (home / "results.sqlite").exists() and not (home / "kernels").exists()


def test_a_repository_missing_objects_names_the_files_it_cannot_give(capsys: pytest.CaptureFixture[str],
                                                                      kernel_repo: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "FreeRTOS-Kernel"
    shutil.copytree(kernel_repo, damaged)
    blob = _git(damaged, "rev-parse", "c4:list.c")  # the one that does not compile: no other commit has it
    (damaged / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    home = tmp_path / "home"
    cli = in_process(capsys, home)
    done = cli("ab", "c3", "c4", "--kernel-repo", str(damaged), *SHORT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "cannot give the files of REV_B c4" in done.stderr and "the objects of list.c are missing" in done.stderr
    assert "fsck" in done.stderr and "no tasks.c" not in done.stderr
    assert not (home / "results.sqlite").exists()
    # In a history, that revision is a point that names them; the others are measured.
    history = cli("history", "--revs", "c3,c4,c5", "--kernel-repo", str(damaged), *SHORT)
    assert history.returncode == 0, history.stderr
    assert re.search(r"point   \[2/3\] c4: error: .*the objects of list.c are missing", history.stderr), history.stderr
    assert re.search(r"point   \[3/3\] c5: ok", history.stderr), history.stderr
    assert not (home / "kernels" / revisions.repo_key(damaged) / _git(damaged, "rev-parse", "c4")[:12]).exists()


def test_a_history_runs_its_points_on_dask_and_resumes(kernel_repo: Path, tmp_path: Path) -> None:
    """Two points as campaign cells on a local Dask cluster of two workers: the same exact
    medians as a point measured here, each point stored once; a second invocation measures nothing."""
    home = tmp_path / "home"
    args = [sys.executable, "-m", "rtbench", "--home", str(home), "history", "--kernel-repo", str(kernel_repo),
            "--revs", "c2,c3", "--iterations", "30", "--warmup", "5", "--bench", "task_switch", "--workers", "2"]
    jsonl = tmp_path / "dask.jsonl"
    done = subprocess.run([*args, "--jsonl", str(jsonl)], cwd=REPO, capture_output=True, text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "local Dask cluster: 2 worker(s)" in done.stderr
    medians = {r["kernel_revision"]: r["median"] for r in map(json.loads, jsonl.read_text().splitlines())}
    assert medians["c2"] < medians["c3"]
    assert [row[3] for row in _rows(done.stdout, "task_switch") if row[-1] == "slower"] == ["c3"]
    with Store(home / "results.sqlite", read_only=True) as store:
        assert len(store.manifests_where("$.history.kernel_name", "c3")) == 1
    again = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    assert again.returncode == 0 and len(re.findall(r"stored as run \d+ \(ok\)", again.stderr)) == 2, again.stderr
    assert "Dask" not in again.stderr


def test_every_nth_revision_keeps_the_first_and_the_last(kernel_repo: Path) -> None:
    every = revisions.expand(kernel_repo, "c1..c4", every=2)
    assert [r.name for r in every] == ["c1", "c3", "c4"]  # a range names its commits by their tags
    assert [r.name for r in revisions.expand(kernel_repo, "tags:c*")] == ["c1", "c2", "c3", "c4", "c5", "c6"]
    with pytest.raises(RtbenchError, match="at least 1"):
        revisions.expand(kernel_repo, "c1..c4", every=0)


def test_bisect_skips_the_broken_commit_and_names_the_function_that_grew(
        cli: Cli, kernel_repo: Path, home: Path, tmp_path: Path) -> None:
    out = tmp_path / "bisect.json"
    args = ("bisect", "--kernel-src", str(kernel_repo), "--good", "c3", "--bad", "c6", "--bench", "task_switch",
            "--iterations", "30", "--warmup", "5")
    page = tmp_path / "bisect.html"
    done = cli(*args, "--json", str(out), "--html", str(page))
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(out.read_text())
    # The page: the path's chart and table, the functions' chart and table, and the verdict's sentences.
    html = page.read_text()
    assert html.count("Plotly.newPlot") == 2 and "bisect-path" in html and "bisect-functions" in html
    assert "vTaskSwitchContext" in html and "first bad commit: c6" in html and "skipped: c4" in html
    assert "Opens offline: plotly.js is embedded." in html  # the default: self-contained
    assert doc["schema"] == schema.BISECT
    published = json.loads(schema.schema_file(schema.BISECT).read_text())
    Draft202012Validator.check_schema(published)
    Draft202012Validator(published).validate(doc)
    # c4 does not build: skipped, and the nearest commit (c5, the fix) tested instead.
    assert [(t["name"], t["verdict"]) for t in doc["tested"]] == [
        ("c3", "good"), ("c6", "bad"), ("c4", "skipped"), ("c5", "good")]
    assert [(s["name"], s["status"]) for s in doc["skipped"]] == [("c4", "build failed")]
    assert doc["first_bad"]["commit"] == _git(kernel_repo, "rev-parse", "c6") and doc["parent"]["name"] == "c5"
    assert f"first bad commit: c6 ({doc['first_bad']['commit']}) four more instructions" in done.stdout
    assert doc["median_after"] - doc["median_before"] == 4  # four nops, each executed once per switch
    # The attribution: exactly the one function that changed, by exactly its four instructions.
    attribution = doc["attribution"]
    assert [(f["function"], f["delta"]) for f in attribution["functions"]] == [("vTaskSwitchContext", 4)]
    assert attribution["traced_samples_match_stored"] is True
    with Store(home / "results.sqlite", read_only=True) as store:
        stored = {t["name"]: store.load(t["run"]) for t in doc["tested"]}
    for name, side in (("c5", "before"), ("c6", "after")):
        traced = attribution[side]
        samples = next(r for r in stored[name].results if r.bench == "task_switch").samples()
        assert traced["samples"] == samples and traced["n"] == 30
        # Exact: each sample's functions add up to the instructions between its two timestamp reads.
        assert traced["sample_sums"] == [s + traced["overhead"] for s in samples]
        assert sum(f["total"] for f in traced["functions"].values()) == sum(samples) + 30 * traced["overhead"]
    # Run again: every point is found in the store, nothing is built or measured again.
    again = cli(*args, "--no-attribution", "--html", str(page), "--plotly", "cdn")
    assert again.returncode == 0 and len(re.findall(r"stored as run \d+", again.stderr)) == 4, again.stderr
    assert _plotly_from_cdn(page) and "first bad commit: c6" in page.read_text()
    assert "run     " not in again.stderr
    unchanged = cli("bisect", "--kernel-src", str(kernel_repo), "--good", "c1", "--bad", "c2", "--bench", "task_switch",
                    "--iterations", "30", "--warmup", "5", "--no-attribution")
    assert unchanged.returncode == 1 and "no commit moved it" in unchanged.stdout


def _stopped_by_sigterm(home: Path, args: list[str], after: str) -> tuple[int, str]:
    """The command in a session of its own, sent SIGTERM once its stderr has a line starting with
    `after` (and a second more, to be inside the measurement that follows); its status and stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "rtbench", "--home", str(home), *args], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stderr is not None
    seen = ""
    try:
        for line in proc.stderr:
            seen += line
            if line.startswith(f"rtbench: {after}"):
                time.sleep(1)
                proc.send_signal(signal.SIGTERM)
                break
        seen += proc.stderr.read()
        return proc.wait(timeout=120), seen
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


# Long enough that a stop signal lands inside the measurement: 300 000 samples stream for seconds.
LONG = ("--iterations", "300000", "--warmup", "5", "--rerun")


@pytest.mark.parametrize("command", [["history", "--revs", "c1"], ["ab", "c1", "c2"]])
def test_sigterm_during_a_history_point_exits_143_and_keeps_what_was_measured(kernel_repo: Path, home: Path,
                                                                              command: list[str]) -> None:
    """It exited 130 saying "interrupted (SIGINT)": the point's run recorded SIGTERM, the re-raise
    did not. `ab` measures its two points as a history does."""
    code, stderr = _stopped_by_sigterm(home, [*command, "--kernel-repo", str(kernel_repo),
                                              "--bench", "task_switch,sem_give", *LONG], after="run     ")
    assert code == 128 + signal.SIGTERM, stderr
    assert "rtbench: interrupted (SIGTERM)" in stderr and "SIGINT" not in stderr and "Traceback" not in stderr
    stored = re.search(r"point   \[1/\d\] c1: \w+.* \(run (\d+)\)", stderr)
    assert stored is not None, stderr
    with Store(home / "results.sqlite", read_only=True) as store:
        run = store.load(int(stored.group(1)))
    assert run.manifest["interrupted"] == "SIGTERM"
    finished = [r for r in run.results if r.status == "ok"]
    assert len(finished) == 1 and len(finished[0].raw_samples) == 300000  # the benchmark that finished is kept


def test_sigterm_during_a_bisection_exits_143(kernel_repo: Path, home: Path) -> None:
    code, stderr = _stopped_by_sigterm(home, ["bisect", "--kernel-src", str(kernel_repo), "--good", "c1", "--bad",
                                              "c2", "--bench", "task_switch", *LONG], after="build   ")
    assert code == 128 + signal.SIGTERM, stderr
    assert "rtbench: interrupted (SIGTERM)" in stderr and "SIGINT" not in stderr and "Traceback" not in stderr
    assert re.search(r"point   c1: \w+.* \(run \d+\)", stderr), stderr  # stored before the exit


def test_history_outputs_on_a_full_disk_are_whole_or_as_they_were(kernel_repo: Path, home: Path,
                                                                   tmp_path: Path) -> None:
    """--html and --bmf into a full file system (a tmpfs in a mount namespace of its own): the page
    and the point's document were left empty (0 bytes). They stay as they were, no partial file is
    left, the error names the disk, and the measured points are stored."""
    disk = tmp_path / "disk"
    disk.mkdir()
    c1 = _git(kernel_repo, "rev-parse", "c1")
    history = (f"{sys.executable} -m rtbench --home {home} history --kernel-repo {kernel_repo} --revs c1 "
               + " ".join(SHORT))
    script = (f"mount -t tmpfs -o size=256k tmpfs {disk} || exit 99; mkdir {disk}/bmf; "
              f"echo before > {disk}/history.html; echo before > {disk}/bmf/001-{c1}.json; "
              f"dd if=/dev/zero of={disk}/fill bs=4k 2>/dev/null; "
              f"{history} --html {disk}/history.html >/dev/null; echo \"status $?\" >&2; "
              f"{history} --bmf {disk}/bmf >/dev/null; echo \"status $?\" >&2; "
              f"ls -A {disk} {disk}/bmf; cat {disk}/history.html {disk}/bmf/001-{c1}.json")
    proc = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c", script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=900)
    assert proc.returncode != 99, f"no tmpfs in a mount namespace here: {proc.stderr}"
    assert proc.stderr.count("status 2") == 2, proc.stderr
    for path in (disk / "history.html", disk / "bmf" / f"001-{c1}.json"):
        assert f"cannot write {path}: No space left on device ({path} is as it was)" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert re.search(r"point   \[1/1\] c1: (stored as run \d+ \(ok\)|ok \(run \d+\))", proc.stderr), proc.stderr
    listed = proc.stdout.split()
    assert sorted(listed[:-2]) == sorted([f"{disk}:", "bmf", "fill", "history.html", f"{disk}/bmf:",
                                          f"001-{c1}.json"]), proc.stdout
    assert listed[-2:] == ["before", "before"], proc.stdout
