"""The SQLite store: round trips, run selection and schema versioning."""
from __future__ import annotations

import json
import pathlib
import sqlite3

import pytest

from rtbench.model import Result, Run, Scale
from rtbench.store import SCHEMA_VERSION, Store, StoreError


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
    from rtbench.store import Store

    result = Result(bench="sem_take", params={}, unit="instructions", status="ok",
                    raw_samples=[320, 336, 352], overhead_raw=0, scale=Scale("instructions", 5, 16))
    with Store(tmp_path / "s.sqlite") as store:
        store.save(Run(manifest={}, results=[result]))
    (stats,) = sqlite3.connect(tmp_path / "s.sqlite").execute("SELECT stats FROM results").fetchone()
    assert json.loads(stats)["p50"] == 105 and json.loads(stats)["n"] == 3


def test_a_version_1_store_is_migrated(tmp_path) -> None:
    import sqlite3

    from rtbench.model import Result, Run, Scale
    from rtbench.store import _SCHEMA, Store

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(_SCHEMA.replace("    stats TEXT NOT NULL,\n", ""))
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    result = Result(bench="sem_give", params={}, unit="instructions", status="ok", raw_samples=[208],
                    scale=Scale("instructions", 5, 16))
    with Store(path) as store:
        run_id = store.save(Run(manifest={"target": "qemu-m3"}, results=[result]))
        assert store.load(run_id).results[0].samples() == [65]
