# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The SQLite results store: every run with its manifest, results and raw samples."""
from __future__ import annotations

import json
import pathlib
import sqlite3
import sys
from array import array
from datetime import UTC, datetime
from typing import Any, Self

from rtbench.errors import RtbenchError
from rtbench.model import STATUSES, ModelCycles, Result, Run, Scale, first_repeat, result_label
from rtbench.paths import Workspace
from rtbench.results.schema import REPEAT_HINT, REPEAT_RULE
from rtbench.results.stats import summarize

SCHEMA_VERSION = 6

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
    cold_raw INTEGER,
    image TEXT NOT NULL DEFAULT '',
    model TEXT,
    model_samples BLOB,
    PRIMARY KEY (run_id, position)
);
CREATE TABLE IF NOT EXISTS calibrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    document TEXT NOT NULL
);
"""

_READ_COLUMNS = ("position, bench, params, unit, status, reason, notes, overhead_raw, scale_num, scale_den,"
                 " scale_unit, iterations, warmup")
_RESULT_COLUMNS = (
    "run_id, position, bench, params, unit, status, reason, notes, overhead_raw,"
    " scale_num, scale_den, scale_unit, iterations, warmup, samples, stats, cold_raw, image, model, model_samples"
)


def _stats(result: Result) -> dict[str, Any]:
    """The summary statistics, stored beside the raw samples so SQL queries need no Python."""
    return summarize(result.samples()) if result.status == "ok" else {"n": 0}


class StoreError(RtbenchError):
    """A results store that cannot be used, or a run that is not in it (exit status 2)."""


# Seconds to wait for another process's lock on the store (a campaign saving a cell) to go.
LOCK_WAIT = 30.0


def _unusable(path: pathlib.Path, exc: sqlite3.DatabaseError) -> StoreError:
    """A store SQLite cannot read: locked by another process (it waited LOCK_WAIT seconds), or not
    a store at all."""
    if isinstance(exc, sqlite3.OperationalError) and any(word in str(exc) for word in ("locked", "busy")):
        return StoreError(f"the results store {path} is locked by another process: it stayed locked for "
                          f"{LOCK_WAIT:g} s (SQLite: {exc})",
                          f"another rtbench (a run or a campaign saving a cell) may be writing to it: try again "
                          f"once it is done; `fuser {path}` names the processes that have it open")
    return StoreError(f"{path} is not a usable results store: {exc}",
                      "it is damaged or not an rtbench store: give --home another workspace, or move the file "
                      "away to start a new store")


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
    """Opens the store at `path`; use as a context manager or close().

    For writing (the default) the store is created if needed. With read_only=True (report,
    compare, check, runs...) nothing is created or changed: the file is opened through SQLite's
    read-only mode, and a missing store is a StoreError saying that no runs are stored yet."""

    def __init__(self, path: pathlib.Path, *, read_only: bool = False) -> None:
        self.path = pathlib.Path(path)
        self.read_only = read_only
        # Version 1 stores (read as they are, without migrating, when read-only) have no stats column,
        # versions 1 and 2 no cold sample, versions 1 to 3 no image per result, versions 1 to 4 no
        # model cycles.
        self._stats = "stats"
        self._cold = "cold_raw"
        self._image = "image"
        self._model = "model, model_samples"
        self._calibrations = True  # version 6 keeps calibrations (rtbench calibrate) beside the runs
        if read_only:
            self._db = self._open_read_only()
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=LOCK_WAIT)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open results store {self.path}: {exc}") from exc
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise _unusable(self.path, exc) from None

    def _open_read_only(self) -> sqlite3.Connection:
        Workspace(self.path.parent).check_readable()
        if not self.path.exists():
            raise StoreError(f"no runs stored yet in {self.path}: run `rtbench run` first",
                             "or give --home the workspace that holds your runs")
        if not self.path.is_file():
            raise StoreError(f"the result store {self.path} is not a file")
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open results store {self.path}: {exc}") from exc
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            db.close()
            raise _unusable(self.path, exc) from None
        if version > SCHEMA_VERSION:
            db.close()
            raise StoreError(f"{self.path} has schema version {version}, but this rtbench only knows "
                             f"version {SCHEMA_VERSION}: use a newer rtbench or another store")
        if not {"runs", "results"} <= tables:
            db.close()
            raise StoreError(f"no runs stored yet in {self.path}: run `rtbench run` first")
        if version < 2:
            self._stats = "'{}'"
        if version < 3:
            self._cold = "NULL"
        if version < 4:
            self._image = "''"
        if version < 5:
            self._model = "NULL AS model, NULL AS model_samples"
        self._calibrations = "calibrations" in tables
        return db

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
                if 1 <= version < 3:  # version 3 keeps the cold first sample apart
                    self._db.execute("ALTER TABLE results ADD COLUMN cold_raw INTEGER")
                if 1 <= version < 4:  # version 4 names the image that measured each result
                    self._db.execute("ALTER TABLE results ADD COLUMN image TEXT NOT NULL DEFAULT ''")
                if 1 <= version < 5:  # version 5 keeps the samples in a timing model's cycles
                    self._db.execute("ALTER TABLE results ADD COLUMN model TEXT")
                    self._db.execute("ALTER TABLE results ADD COLUMN model_samples BLOB")
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
            model = json.dumps({"unit": r.model.unit, "reason": r.model.reason}) if r.model else None
            model_samples = _pack(r.model.samples) if r.model else None
            rows.append((position, r.bench, json.dumps(r.params, default=str), r.unit,
                         r.status, r.reason, json.dumps(r.notes), r.overhead_raw,
                         r.scale.num, r.scale.den, r.scale.unit, r.iterations, r.warmup,
                         samples, json.dumps(_stats(r)), r.cold_raw, r.image, model, model_samples))
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO runs (created, manifest) VALUES (?, ?)", (created, manifest)
            )
            run_id = cursor.lastrowid
            assert run_id is not None
            self._db.executemany(
                f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES ({', '.join('?' * 20)})",
                [(run_id, *row) for row in rows],
            )
        run.run_id = run_id
        return run_id

    def load(self, run_id: int | None = None) -> Run:
        """The run with `run_id`, or the latest one when None. A damaged row is a StoreError naming
        the run, the result and the column; the other runs stay readable."""
        if run_id is None:
            row = self._db.execute("SELECT id, manifest FROM runs ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise StoreError(f"no runs stored yet in {self.path}: run `rtbench run` first")
        else:
            row = self._db.execute("SELECT id, manifest FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is None:
                raise StoreError(f"no run with id {run_id} in {self.path}")
        found_id, manifest_text = row
        problem, manifest = _manifest(manifest_text)
        results: list[Result] = []
        cursor = self._db.execute(f"SELECT {_READ_COLUMNS}, samples, {self._stats} AS stats, {self._cold} AS cold_raw,"
                                  f" {self._image} AS image, {self._model} FROM results"
                                  " WHERE run_id = ? ORDER BY position", (found_id,))
        names = [d[0] for d in cursor.description]
        for values in cursor:
            row = dict(zip(names, values))
            samples = row["samples"]
            blob = ("blob", len(samples)) if isinstance(samples, bytes) else (_SQL_TYPES.get(type(samples), "?"), 0)
            decoded = _decode(row, blob)
            model = _model(row) if not isinstance(decoded, str) else None
            if isinstance(model, str):
                decoded = model
            if isinstance(decoded, str) or isinstance(model, str):
                problem = problem or f"result {row['position']} ({_name(row['bench'])}): {decoded}"
                continue
            results.append(Result(bench=row["bench"], params=decoded[0], unit=row["unit"], status=row["status"],
                                  reason=row["reason"], notes=decoded[1], raw_samples=_unpack(samples),
                                  overhead_raw=row["overhead_raw"],
                                  scale=Scale(row["scale_unit"], row["scale_num"], row["scale_den"]),
                                  iterations=row["iterations"], warmup=row["warmup"],
                                  cold_raw=row["cold_raw"] if isinstance(row["cold_raw"], int) else None,
                                  image=row["image"] if isinstance(row["image"], str) else "",
                                  model=model))
        if problem:
            raise StoreError(f"run {found_id} in {self.path} is damaged: {problem}; the other runs are not affected")
        repeat = first_repeat((r.bench, r.params) for r in results)
        if repeat is not None:  # as a run file holding it would be refused (schema.REPEAT_RULE)
            index, first = repeat
            raise StoreError(f"run {found_id} in {self.path}: result {index} ({results[index].label()}) repeats "
                             f"result {first}: {REPEAT_RULE}", REPEAT_HINT.partition(", or")[0])
        return Run(manifest=manifest, results=results, run_id=found_id)

    def save_calibration(self, document: dict[str, Any]) -> int:
        """Stores a calibration document (rtbench-calibration/1); returns its id."""
        with self._db:
            cursor = self._db.execute("INSERT INTO calibrations (created, document) VALUES (?, ?)",
                                      (document.get("created", ""), json.dumps(document)))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def load_calibration(self, calibration_id: int | None = None) -> tuple[int, dict[str, Any]]:
        """The calibration with that id, or the latest; a missing or damaged one is a StoreError."""
        if not self._calibrations:
            raise StoreError(f"no calibrations stored yet in {self.path}: run `rtbench calibrate` first")
        query = ("SELECT id, document FROM calibrations ORDER BY id DESC LIMIT 1" if calibration_id is None
                 else "SELECT id, document FROM calibrations WHERE id = ?")
        row = self._db.execute(query, () if calibration_id is None else (calibration_id,)).fetchone()
        if row is None:
            raise StoreError(f"no calibration {'stored yet' if calibration_id is None else calibration_id} "
                             f"in {self.path}", "rtbench calibrate RUN stores one")
        try:
            document = json.loads(row[1])
        except (TypeError, json.JSONDecodeError) as exc:
            raise StoreError(f"calibration {row[0]} in {self.path} is damaged: {exc}") from None
        if not isinstance(document, dict):
            raise StoreError(f"calibration {row[0]} in {self.path} is damaged: not a JSON object")
        return int(row[0]), document

    def manifests_where(self, json_path: str, value: str) -> list[tuple[int, dict[str, Any]]]:
        """(id, manifest) of the runs whose manifest holds `value` at `json_path` (SQLite's JSON
        path, e.g. "$.campaign.id"), oldest first. A run whose manifest is not JSON is left out."""
        rows = self._db.execute("SELECT id, manifest FROM runs WHERE CASE WHEN json_valid(manifest)"
                                " THEN json_extract(manifest, ?) END = ? ORDER BY id", (json_path, value)).fetchall()
        found = []
        for run_id, text in rows:
            problem, manifest = _manifest(text)
            if problem is None:
                found.append((run_id, manifest))
        return found

    def list_runs(self) -> list[dict[str, Any]]:
        """One summary per run, oldest first: id, created, target, os, results, and `damaged` (what
        is wrong with it, None when it is whole). A damaged run is listed, not an error."""
        damage: dict[int, str] = {}
        keys: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        cursor = self._db.execute(f"SELECT run_id, {_READ_COLUMNS}, {self._stats} AS stats, typeof(samples),"
                                  " length(samples) FROM results ORDER BY run_id, position")
        names = [d[0] for d in cursor.description]
        for values in cursor:
            row = dict(zip(names, values))
            if row["run_id"] in damage:
                continue
            decoded = _decode(row, (values[-2], values[-1] or 0))
            if isinstance(decoded, str):
                damage[row["run_id"]] = f"result {row['position']} ({_name(row['bench'])}): {decoded}"
                continue
            keys.setdefault(row["run_id"], []).append((row["bench"], decoded[0]))
        for run_id, run_keys in keys.items():
            repeat = first_repeat(run_keys) if run_id not in damage else None
            if repeat is not None:
                damage[run_id] = f"result {repeat[0]} ({result_label(*run_keys[repeat[0]])}) repeats result {repeat[1]}"
        rows = self._db.execute(
            "SELECT runs.id, runs.created, runs.manifest, COUNT(results.run_id)"
            " FROM runs LEFT JOIN results ON results.run_id = runs.id"
            " GROUP BY runs.id ORDER BY runs.id"
        ).fetchall()
        out = []
        for run_id, created, manifest_text, count in rows:
            problem, manifest = _manifest(manifest_text)
            out.append({"id": run_id, "created": created, "target": manifest.get("target"),
                        "os": manifest.get("os"), "results": count, "damaged": problem or damage.get(run_id),
                        "manifest": manifest})
        return out


# What SQLite's typeof() calls the Python value a column gave back.
_SQL_TYPES: dict[type, str] = {str: "text", int: "integer", float: "real", type(None): "null"}


def _name(bench: Any) -> str:
    return bench if isinstance(bench, str) else repr(bench)


def _manifest(text: Any) -> tuple[str | None, dict[str, Any]]:
    """(problem or None, manifest): a manifest that is not a JSON object is a problem, read as {}."""
    try:
        manifest = json.loads(text)
    except (TypeError, ValueError):
        return "its manifest is not valid JSON", {}
    if not isinstance(manifest, dict):
        return "its manifest is not a JSON object", {}
    return None, manifest


def _json_column(column: str, text: Any, kind: type) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        raise ValueError(f"its {column} column is not valid JSON") from None
    if not isinstance(value, kind):
        raise ValueError(f"its {column} column is not a JSON {'object' if kind is dict else 'array'}")
    return value


_TEXT_COLUMNS = ("bench", "unit", "status", "reason", "scale_unit")
_INTEGER_COLUMNS = ("position", "overhead_raw", "scale_num", "scale_den", "iterations", "warmup")


def _model(row: dict[str, Any]) -> ModelCycles | str | None:
    """A results row's samples in model cycles (None when its run had no timing model), or what is
    wrong with them (a str)."""
    if row["model"] is None:
        return None
    try:
        described = _json_column("model", row["model"], dict)
    except ValueError as err:
        return str(err)
    unit, reason, blob = described.get("unit"), described.get("reason", ""), row["model_samples"]
    if not isinstance(unit, str) or not isinstance(reason, str):
        return "its model column lacks the model's unit or reason"
    if not isinstance(blob, bytes) or len(blob) % 8:
        return "its model_samples column is not a blob of 64-bit samples"
    return ModelCycles(unit, _unpack(blob), reason)


def _decode(row: dict[str, Any], blob: tuple[str, int]) -> tuple[dict[str, Any], list[str]] | str:
    """A results row's params and notes, or what is wrong with the row (a str). `blob` is the
    samples column's SQLite type and its length in bytes."""
    try:
        params: dict[str, Any] = _json_column("params", row["params"], dict)
        notes: list[str] = _json_column("notes", row["notes"], list)
        _json_column("stats", row["stats"], dict)
    except ValueError as err:
        return str(err)
    for column in _TEXT_COLUMNS:
        if not isinstance(row[column], str):
            return f"its {column} column is not text"
    for column in _INTEGER_COLUMNS:
        if not isinstance(row[column], int):
            return f"its {column} column is not an integer"
    if any(isinstance(v, (dict, list)) for v in params.values()):
        return "its params column holds a nested value"
    if not all(isinstance(note, str) for note in notes):
        return "its notes column holds something other than text"
    if row["status"] not in STATUSES:
        return f"its status {row['status']!r} is not one of {', '.join(STATUSES)}"
    if row["scale_den"] == 0:
        return "its scale denominator is 0"
    kind, length = blob
    if kind != "blob":
        return f"its samples column holds {kind}, not a blob"
    if length % 8:
        return f"its samples blob has {length} bytes, not a whole number of 64-bit samples"
    return params, notes
