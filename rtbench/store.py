"""The SQLite results store: every run with its manifest, results and raw samples."""
from __future__ import annotations

import json
import pathlib
import sqlite3
import sys
from array import array
from datetime import UTC, datetime
from typing import Any, Self

from rtbench.model import Result, Run, Scale
from rtbench.stats import summarize

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    manifest TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    bench TEXT NOT NULL,
    params TEXT NOT NULL,
    unit TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT NOT NULL,
    notes TEXT NOT NULL,
    overhead_raw INTEGER NOT NULL,
    scale_num INTEGER NOT NULL,
    scale_den INTEGER NOT NULL,
    scale_unit TEXT NOT NULL,
    iterations INTEGER NOT NULL,
    warmup INTEGER NOT NULL,
    samples BLOB NOT NULL,
    stats TEXT NOT NULL,
    PRIMARY KEY (run_id, position)
);
"""

_RESULT_COLUMNS = (
    "run_id, position, bench, params, unit, status, reason, notes, overhead_raw,"
    " scale_num, scale_den, scale_unit, iterations, warmup, samples, stats"
)


def _stats(result: Result) -> dict[str, Any]:
    """The summary statistics, stored beside the raw samples so SQL queries need no Python."""
    return summarize(result.samples()) if result.status == "ok" else {"n": 0}


class StoreError(Exception):
    """A results store that cannot be used, or a run that is not in it."""


def _pack(values: list[int]) -> bytes:
    # Little-endian on disk so a store copied between hosts reads the same.
    data = array("q", values)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def _unpack(blob: bytes) -> list[int]:
    data = array("q")
    data.frombytes(blob)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tolist()


class Store:
    """Opens (creating if needed) the store at `path`; use as a context manager or close()."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = pathlib.Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open results store {self.path}: {exc}") from exc
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{self.path} is not a usable results store: {exc}") from exc

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            self._db.close()
            raise StoreError(
                f"{self.path} has schema version {version}, but this rtbench only knows "
                f"version {SCHEMA_VERSION}: use a newer rtbench or another store"
            )
        if version < SCHEMA_VERSION:
            with self._db:
                self._db.executescript(_SCHEMA)
                if version == 1:  # version 2 stores each result's statistics beside its samples
                    self._db.execute("ALTER TABLE results ADD COLUMN stats TEXT NOT NULL DEFAULT '{}'")
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def save(self, run: Run) -> int:
        """Stores the run in one transaction; returns its id and sets run.run_id."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        # default=str: a manifest may carry paths or versions; store their text, not fail.
        manifest = json.dumps(run.manifest, default=str)
        rows = []
        for position, r in enumerate(run.results):
            try:
                samples = _pack(r.raw_samples)
            except OverflowError as exc:
                raise StoreError(f"{r.label()}: a sample does not fit 64 bits") from exc
            rows.append((position, r.bench, json.dumps(r.params, default=str), r.unit,
                         r.status, r.reason, json.dumps(r.notes), r.overhead_raw,
                         r.scale.num, r.scale.den, r.scale.unit, r.iterations, r.warmup,
                         samples, json.dumps(_stats(r))))
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO runs (created, manifest) VALUES (?, ?)", (created, manifest)
            )
            run_id = cursor.lastrowid
            assert run_id is not None
            self._db.executemany(
                f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                [(run_id, *row) for row in rows],
            )
        run.run_id = run_id
        return run_id

    def load(self, run_id: int | None = None) -> Run:
        """The run with `run_id`, or the latest one when None."""
        if run_id is None:
            row = self._db.execute("SELECT id, manifest FROM runs ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise StoreError("no runs stored yet")
        else:
            row = self._db.execute("SELECT id, manifest FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is None:
                raise StoreError(f"no run with id {run_id}")
        found_id, manifest = row
        results = [
            Result(bench=bench, params=json.loads(params), unit=unit, status=status,
                   reason=reason, notes=json.loads(notes), raw_samples=_unpack(samples),
                   overhead_raw=overhead, scale=Scale(scale_unit, num, den),
                   iterations=iterations, warmup=warmup)
            for (bench, params, unit, status, reason, notes, overhead, num, den, scale_unit,
                 iterations, warmup, samples) in self._db.execute(
                "SELECT bench, params, unit, status, reason, notes, overhead_raw, scale_num,"
                " scale_den, scale_unit, iterations, warmup, samples FROM results"
                " WHERE run_id = ? ORDER BY position", (found_id,))
        ]
        return Run(manifest=json.loads(manifest), results=results, run_id=found_id)

    def list_runs(self) -> list[dict[str, Any]]:
        """One summary per run, oldest first: id, created, target, os, results."""
        rows = self._db.execute(
            "SELECT runs.id, runs.created, runs.manifest, COUNT(results.run_id)"
            " FROM runs LEFT JOIN results ON results.run_id = runs.id"
            " GROUP BY runs.id ORDER BY runs.id"
        ).fetchall()
        out = []
        for run_id, created, manifest_text, count in rows:
            manifest = json.loads(manifest_text)
            if not isinstance(manifest, dict):
                manifest = {}
            out.append({"id": run_id, "created": created, "target": manifest.get("target"),
                        "os": manifest.get("os"), "results": count})
        return out
