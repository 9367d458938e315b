# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The SQLite store: round trips, run selection and schema versioning."""
from __future__ import annotations

import json
import pathlib
import sqlite3

import pytest

from rtbench.model import Result, Run, Scale
from rtbench.results.store import SCHEMA_VERSION, Store, StoreError


def sample_run(target: str = "qemu-m3") -> Run:
    scale = Scale("instructions", 5, 16)
    return Run(
        manifest={"target": target, "os": "freertos", "kernel": {"version": "V11.1.0"},
                  "options": ["-O2", "-g"]},
        results=[
            Result("ctx_switch", {}, "instructions", "ok", notes=["heap_4"],
                   raw_samples=[320, -5, 2**31 + 7, -(2**40), 2**63 - 1, -(2**63)],
                   overhead_raw=3, scale=scale, iterations=6, warmup=1),
            Result("sem_give", {"tasks": 2}, "instructions", "fail", reason="timed out",
                   scale=scale, iterations=10),
            Result("isr", {"prio": 1, "load": 50}, "instructions", "error",
                   reason="records lost: expected seq 4, got 6", scale=scale),
            Result("tick", {}, "raw", "unsupported", reason="no timer"),
        ],
    )


def test_round_trip(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "nested" / "dir" / "results.sqlite"
    run = sample_run()
    with Store(path) as store:
        run_id = store.save(run)
        assert run.run_id == run_id
        loaded = store.load(run_id)
    assert path.exists()
    assert loaded.run_id == run_id
    assert loaded.manifest == run.manifest
    assert loaded.results == run.results  # dataclass equality: every field incl. samples
    assert loaded.results[0].raw_samples[2] == 2**31 + 7
    assert loaded.results[0].samples()[0] == 99
    assert [r.status for r in loaded.results] == ["ok", "fail", "error", "unsupported"]


def test_samples_are_little_endian_int64(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        store.save(sample_run())
    db = sqlite3.connect(path)
    blob = db.execute("SELECT samples FROM results WHERE position = 0").fetchone()[0]
    db.close()
    assert len(blob) == 6 * 8
    assert int.from_bytes(blob[:8], "little", signed=True) == 320
    assert int.from_bytes(blob[8:16], "little", signed=True) == -5


def test_latest_run_and_listing(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        first = store.save(sample_run("qemu-m3"))
        second = store.save(sample_run("stm32f4"))
        assert second > first
    with Store(path) as store:  # reopening sees both
        assert store.load().run_id == second
        assert store.load().manifest["target"] == "stm32f4"
        assert store.load(first).manifest["target"] == "qemu-m3"
        runs = store.list_runs()
    assert [(r["id"], r["target"], r["os"], r["results"]) for r in runs] == [
        (first, "qemu-m3", "freertos", 4), (second, "stm32f4", "freertos", 4)]
    assert runs[0]["created"].endswith("+00:00")


def test_list_runs_without_target(tmp_path: pathlib.Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        store.save(Run(manifest={}, results=[]))
        assert store.list_runs()[0]["target"] is None
        assert store.list_runs()[0]["results"] == 0
        assert store.load().results == []


def test_missing_runs(tmp_path: pathlib.Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        with pytest.raises(StoreError, match="no runs stored yet"):
            store.load()
        store.save(sample_run())
        with pytest.raises(StoreError, match="no run with id 99"):
            store.load(99)


def test_save_is_atomic(tmp_path: pathlib.Path) -> None:
    run = sample_run()
    run.results[1].raw_samples = [2**64]  # does not fit: the whole run must be refused
    with Store(tmp_path / "r.sqlite") as store:
        with pytest.raises(StoreError, match="sem_give"):
            store.save(run)
        assert store.list_runs() == []
        assert run.run_id is None


def test_newer_schema_is_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        store.save(sample_run())
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}"):
        Store(path)


def test_not_a_database(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError):
        Store(path)


def test_statistics_are_stored_beside_the_samples(tmp_path) -> None:
    import sqlite3

    from rtbench.model import Result, Run, Scale
    from rtbench.results.store import Store

    result = Result(bench="sem_take", params={}, unit="instructions", status="ok",
                    raw_samples=[320, 336, 352], overhead_raw=0, scale=Scale("instructions", 5, 16))
    with Store(tmp_path / "s.sqlite") as store:
        store.save(Run(manifest={}, results=[result]))
    (stats,) = sqlite3.connect(tmp_path / "s.sqlite").execute("SELECT stats FROM results").fetchone()
    assert json.loads(stats)["p50"] == 105 and json.loads(stats)["n"] == 3


# The columns each store version added after the first.
_ADDED = {"stats": "    stats TEXT NOT NULL,\n", "cold": "    cold_raw INTEGER,\n",
          "image": "    image TEXT NOT NULL DEFAULT '',\n", "model": "    model TEXT,\n    model_samples BLOB,\n"}


def _older(schema: str, *without: str) -> str:
    """The results table of an older store: this version's without the columns added since."""
    for name in without:
        assert _ADDED[name] in schema
        schema = schema.replace(_ADDED[name], "")
    return schema


def test_a_version_1_store_is_migrated(tmp_path) -> None:
    import sqlite3

    from rtbench.model import Result, Run, Scale
    from rtbench.results.store import _SCHEMA, Store

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_older(_SCHEMA, "stats", "cold", "image", "model"))
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    result = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[208],
                    scale=Scale("instructions", 5, 16))
    with Store(path) as store:
        run_id = store.save(Run(manifest={"target": "qemu-m3"}, results=[result]))
        assert store.load(run_id).results[0].samples() == [65]



def test_a_version_2_store_reads_without_cold_samples_and_is_migrated(tmp_path) -> None:
    import sqlite3

    from rtbench.model import Result, Run, Scale
    from rtbench.results.store import _SCHEMA, Store

    path = tmp_path / "v2.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_older(_SCHEMA, "cold", "image", "model"))
    old.execute("PRAGMA user_version = 2")
    old.execute("INSERT INTO runs (created, manifest) VALUES ('2026-01-01', '{}')")
    old.execute("INSERT INTO results VALUES (1, 0, 'sem_give', '{}', 'instructions', 'ok', '', '[]', 0, 1, 1,"
                " 'instructions', 1, 1, ?, '{}')", (bytes(8),))
    old.commit()
    old.close()
    with Store(path, read_only=True) as store:
        assert store.load(1).results[0].cold() is None
    warm = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[208],
                  scale=Scale("instructions", 5, 16), overhead_raw=16, cold_raw=320)
    with Store(path) as store:
        run_id = store.save(Run(manifest={}, results=[warm]))
        loaded = store.load(run_id).results[0]
    # Converted as the samples are: 320 * 5/16 = 100, less the overhead's 5.
    assert (loaded.samples(), loaded.cold()) == ([60], 95)


def test_a_version_3_store_reads_without_images_and_is_migrated(tmp_path) -> None:
    import sqlite3

    from rtbench.model import Result, Run, Scale
    from rtbench.results.store import _SCHEMA, Store

    path = tmp_path / "v3.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_older(_SCHEMA, "image", "model"))
    old.execute("PRAGMA user_version = 3")
    old.execute("INSERT INTO runs (created, manifest) VALUES ('2026-01-01', '{}')")
    old.execute("INSERT INTO results VALUES (1, 0, 'sem_give', '{}', 'instructions', 'ok', '', '[]', 0, 1, 1,"
                " 'instructions', 1, 1, ?, '{}', NULL)", (bytes(8),))
    old.commit()
    old.close()
    with Store(path, read_only=True) as store:
        assert store.load(1).results[0].image == ""
    measured = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[208],
                      scale=Scale("instructions", 5, 16), image="ab" * 32)
    with Store(path) as store:
        run_id = store.save(Run(manifest={}, results=[measured]))
        assert store.load(run_id).results[0].image == "ab" * 32 and store.load(1).results[0].image == ""


def test_a_version_4_store_reads_without_model_cycles_and_is_migrated(tmp_path) -> None:
    import sqlite3

    from rtbench.model import ModelCycles, Result, Run, Scale
    from rtbench.results.store import _SCHEMA, Store

    path = tmp_path / "v4.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_older(_SCHEMA, "model"))
    old.execute("PRAGMA user_version = 4")
    old.execute("INSERT INTO runs (created, manifest) VALUES ('2026-01-01', '{}')")
    old.execute("INSERT INTO results VALUES (1, 0, 'sem_give', '{}', 'instructions', 'ok', '', '[]', 0, 1, 1,"
                " 'instructions', 1, 1, ?, '{}', NULL, '')", (bytes(8),))
    old.commit()
    old.close()
    with Store(path, read_only=True) as store:
        assert store.load(1).results[0].model is None
    unit = "cycles (model: cortex-m3, 0 wait states)"
    timed = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[208, 224],
                   scale=Scale("instructions", 5, 16), model=ModelCycles(unit, [122, 131]))
    untimed = Result(bench="boot_time", params={}, unit="instructions", status="ok", raw_samples=[9],
                     model=ModelCycles(unit, reason="a sum of spans"))
    with Store(path) as store:
        loaded = store.load(store.save(Run(manifest={}, results=[timed, untimed]))).results
    assert loaded[0].model == ModelCycles(unit, [122, 131])
    assert loaded[1].model == ModelCycles(unit, [], "a sum of spans")


def test_damaged_model_cycles_name_the_result(tmp_path) -> None:
    import sqlite3

    from rtbench.model import ModelCycles, Result, Run
    from rtbench.results.store import Store

    path = tmp_path / "r.sqlite"
    result = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[8],
                    model=ModelCycles("cycles (model: cortex-m0, 0 wait states)", [9]))
    with Store(path) as store:
        run_id = store.save(Run(manifest={}, results=[result]))
    db = sqlite3.connect(path)
    db.execute("UPDATE results SET model_samples = x'0102'")
    db.commit()
    with Store(path, read_only=True) as store, pytest.raises(StoreError, match=r"sem_give.*model_samples"):
        store.load(run_id)


# --- damaged rows: the rest of the store stays readable -------------------------------------------

DAMAGE = {
    "params": ("UPDATE results SET params = '{oops' WHERE run_id = ? AND position = 1",
               "result 1 (sem_give): its params column is not valid JSON"),
    "notes": ("UPDATE results SET notes = '\"heap_4\"' WHERE run_id = ? AND position = 0",
              "result 0 (ctx_switch): its notes column is not a JSON array"),
    "stats": ("UPDATE results SET stats = 'NaN?' WHERE run_id = ? AND position = 2",
              "result 2 (isr): its stats column is not valid JSON"),
    "samples": ("UPDATE results SET samples = substr(samples, 1, 13) WHERE run_id = ? AND position = 0",
                "result 0 (ctx_switch): its samples blob has 13 bytes, not a whole number of 64-bit samples"),
    "samples type": ("UPDATE results SET samples = 'text' WHERE run_id = ? AND position = 0",
                     "result 0 (ctx_switch): its samples column holds text, not a blob"),
    "status": ("UPDATE results SET status = 'great' WHERE run_id = ? AND position = 3",
               "result 3 (tick): its status 'great' is not one of ok, fail, unsupported, error"),
    "scale": ("UPDATE results SET scale_den = 0 WHERE run_id = ? AND position = 0",
              "result 0 (ctx_switch): its scale denominator is 0"),
    "overhead": ("UPDATE results SET overhead_raw = 'three' WHERE run_id = ? AND position = 0",
                 "result 0 (ctx_switch): its overhead_raw column is not an integer"),
    "unit": ("UPDATE results SET unit = X'01' WHERE run_id = ? AND position = 1",
             "result 1 (sem_give): its unit column is not text"),
    "manifest": ("UPDATE runs SET manifest = 'not json' WHERE id = ?", "its manifest is not valid JSON"),
    "manifest type": ("UPDATE runs SET manifest = '[1]' WHERE id = ?", "its manifest is not a JSON object"),
}


def damaged_store(path: pathlib.Path, sql: str) -> tuple[int, int, int]:
    with Store(path) as store:
        ids = (store.save(sample_run("a")), store.save(sample_run("b")), store.save(sample_run("c")))
    db = sqlite3.connect(path)
    db.execute(sql, (ids[1],))
    db.commit()
    db.close()
    return ids


@pytest.mark.parametrize("column", list(DAMAGE))
def test_a_damaged_run_is_listed_and_refused_alone(tmp_path: pathlib.Path, column: str) -> None:
    sql, problem = DAMAGE[column]
    path = tmp_path / "r.sqlite"
    first, damaged, last = damaged_store(path, sql)
    with Store(path, read_only=True) as store:
        runs = {row["id"]: row for row in store.list_runs()}
        assert runs[first]["damaged"] is None and runs[last]["damaged"] is None
        assert runs[damaged]["damaged"] == problem and runs[damaged]["results"] == 4
        assert store.load(first).manifest["target"] == "a" and store.load().manifest["target"] == "c"
        with pytest.raises(StoreError) as caught:
            store.load(damaged)
    assert str(caught.value).startswith(f"run {damaged} in {path} is damaged: {problem}")


def test_read_only_store_creates_nothing_and_writes_nothing(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "home" / "results.sqlite"
    with pytest.raises(StoreError, match=f"no runs stored yet in {missing}: run `rtbench run` first"):
        Store(missing, read_only=True)
    assert not (tmp_path / "home").exists()
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        store.save(sample_run())
    before = path.read_bytes()
    with Store(path, read_only=True) as store:
        assert store.load().manifest["target"] == "qemu-m3"
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store._db.execute("DELETE FROM runs")
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["r.sqlite"]


def test_read_only_store_of_an_older_version_is_read_without_migrating(tmp_path: pathlib.Path) -> None:
    from rtbench.results.store import _SCHEMA

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_older(_SCHEMA, "stats", "cold", "image", "model"))
    old.execute("INSERT INTO runs (created, manifest) VALUES ('2025', '{\"target\": \"qemu-m3\"}')")
    old.execute("INSERT INTO results VALUES (1, 0, 'sem_give', '{}', 'instructions', 'ok', '', '[]', 0, 5, 16,"
                " 'instructions', 1, 0, ?)", ((208).to_bytes(8, "little"),))
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    with Store(path, read_only=True) as store:
        assert store.load().results[0].samples() == [65]
        assert store.list_runs()[0]["damaged"] is None
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1


def test_an_empty_database_file_has_no_runs(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "results.sqlite"
    path.touch()
    with pytest.raises(StoreError, match="no runs stored yet"):
        Store(path, read_only=True)


def test_a_store_locked_by_another_process_says_so(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """It said "not a usable results store", as for a damaged file, with no hint. Another process
    holds the store's lock (a transaction left open, as a writer's); the wait is shortened from
    30 s to keep the test quick."""
    import subprocess
    import sys

    from rtbench.results import store as store_module
    from tests.runfiles import in_process

    path = tmp_path / "results.sqlite"
    with Store(path) as store:
        store.save(sample_run())
    hold = ("import sqlite3, sys\n"
            f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\nsys.stdin.read()\n")
    holder = subprocess.Popen([sys.executable, "-c", hold],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        monkeypatch.setattr(store_module, "LOCK_WAIT", 0.5)
        rtbench = in_process(capsys, tmp_path)
        for args in (("report",), ("runs",), ("run", "--bench", "sem_take")):
            outcome = rtbench(*args)
            assert outcome.returncode == 2, args
            assert f"the results store {path} is locked by another process: it stayed locked for 0.5 s" \
                in outcome.stderr, outcome.stderr
            assert "hint: another rtbench (a run or a campaign saving a cell) may be writing to it" in outcome.stderr
            assert "not a usable results store" not in outcome.stderr
        assert not (tmp_path / "build").exists()  # refused before anything was built
    finally:
        holder.communicate(timeout=30)
    with Store(path, read_only=True) as store:  # the lock gone, the store reads as before
        assert store.load().manifest["target"] == "qemu-m3"


def test_a_damaged_store_file_says_what_to_do(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    for read_only in (False, True):
        with pytest.raises(StoreError) as caught:
            Store(path, read_only=read_only)
        assert "is not a usable results store" in str(caught.value) and "move the file away" in caught.value.hint
