# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A campaign's matrix file (TOML): its name, the settings every cell shares, the axes whose
combinations are the cells, exclusions and repeats. Every problem is an error that names the
file, the line and the key, never a traceback.

    [campaign]
    name = "freertos-12"          # the campaign's id (default: the file name without .toml)
    repeats = 1                   # runs of each cell

    [settings]                    # what every cell shares
    kernel = "freertos"
    iterations = 200

    [axes]                        # one list per axis; cells are every combination
    profile = ["default", "debug"]
    platform = [{ target = "qemu-m3" }, { target = "vexriscv-sim", cpu_variant = "minimal" }]

    [[exclude]]                   # cells to leave out: axis = label (or a list of labels)
    platform = "qemu-m3"
    profile = "debug"
"""
from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import files
from ..errors import RtbenchError
from . import settings as cell_settings

_SECTIONS = ("campaign", "settings", "axes", "exclude")
_CAMPAIGN_KEYS = ("name", "description", "repeats")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
MAX_REPEATS = 1000


MAX_MATRIX_BYTES = 16 << 20  # a matrix of thousands of cells is tens of kilobytes


class MatrixError(RtbenchError):
    """A matrix file that cannot be used: the message starts with FILE:LINE and names the key."""


@dataclass(frozen=True)
class AxisValue:
    label: str  # how the value reads in tables and on the command line (unique within its axis)
    settings: dict[str, Any]  # the settings it gives a cell, normalised
    line: int


@dataclass(frozen=True)
class Axis:
    name: str
    values: tuple[AxisValue, ...]
    line: int

    def labels(self) -> list[str]:
        return [v.label for v in self.values]


@dataclass(frozen=True)
class Exclusion:
    labels: dict[str, frozenset[str]]  # axis -> labels; a cell matching every axis is left out
    line: int

    def matches(self, cell_labels: dict[str, str]) -> bool:
        return all(cell_labels.get(axis) in labels for axis, labels in self.labels.items())


@dataclass(frozen=True)
class Matrix:
    path: Path
    name: str
    description: str
    repeats: int
    settings: dict[str, Any]
    axes: tuple[Axis, ...]
    exclusions: tuple[Exclusion, ...]
    digest: str  # sha256 of the file's text
    setting_lines: dict[str, int] = field(default_factory=dict)


class _Lines:
    """Finds where a key or value is written, for error messages (tomllib reports none)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: list[tuple[int, str, bool]] = []  # (index, name, array of tables)
        for index, line in enumerate(self.lines):
            match = _HEADER.match(line)
            if match and not line.lstrip().startswith("#"):
                self.headers.append((index, match.group(2).replace('"', "").replace(" ", ""),
                                     match.group(1) == "[["))

    def section(self, name: str, index: int = 0) -> tuple[int, int] | None:
        """[start, end) of a table's lines: its header to the next header."""
        found = [i for i, (_, header, _) in enumerate(self.headers) if header == name]
        if index >= len(found):
            return None
        position = found[index]
        start = self.headers[position][0]
        end = self.headers[position + 1][0] if position + 1 < len(self.headers) else len(self.lines)
        return start, end

    def _search(self, pattern: str, start: int, end: int) -> int | None:
        regex = re.compile(pattern)
        for index in range(start, end):
            if regex.search(self.lines[index]):
                return index + 1
        return None

    def top_level(self, key: str) -> int:
        """The line of a top-level table or key."""
        span = self.section(key)
        if span is not None:
            return span[0] + 1
        end = self.headers[0][0] if self.headers else len(self.lines)
        return self._search(rf'^\s*["\']?{re.escape(key)}["\']?\s*=', 0, end) or 1

    def line(self, section: str, index: int = 0, key: str | None = None, needle: str | None = None) -> int:
        """The line of `key` in a table (or of the table's header), or of `needle` at or after it."""
        span = self.section(section, index)
        if span is None:  # e.g. [axes.platform] instead of a list in [axes]
            dotted = self.section(f"{section}.{key}") if key else None
            return dotted[0] + 1 if dotted else 1
        start, end = span
        found = start + 1
        if key is not None:
            key_re = rf'^\s*["\']?{re.escape(key)}["\']?\s*='
            found = self._search(key_re, start, end) or found
        if needle is not None:
            found = self._search(re.escape(needle), found - 1, end) or found
        return found


def _literal(value: Any) -> str:
    """A value as it would be written in TOML, to find its line."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _needle(value: Any) -> str | None:
    """Text that finds a value's line: a scalar itself, a table by its label or first scalar."""
    if isinstance(value, dict):
        if isinstance(value.get("label"), str):
            return value["label"]
        return next((_needle(v) for v in value.values() if not isinstance(v, (dict, list))), None)
    if isinstance(value, list):
        return _needle(value[0]) if value else None
    return _literal(value)


class _Reader:
    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.where = _Lines(text)

    def error(self, line: int, key: str, problem: str, hint: str = "") -> MatrixError:
        return MatrixError(f"{self.path}:{line}: {key}: {problem}", hint)

    def setting(self, key: str, value: Any, line: int, where: str) -> Any:
        try:
            return cell_settings.normalise(key, value)
        except RtbenchError as err:
            raise self.error(line, where, str(err.args[0]), err.hint) from None

    def table(self, data: Any, section: str, keys: tuple[str, ...] | dict[str, str]) -> dict[str, Any]:
        if data is None:
            return {}
        if not isinstance(data, dict):
            raise self.error(self.where.line(section), section, f"must be a table ([{section}]), not {data!r}")
        for key in data:
            if key not in keys:
                raise self.error(self.where.line(section, key=key), f"{section}.{key}", "unknown key",
                                 "keys: " + ", ".join(keys))
        return data


def _campaign(reader: _Reader, data: dict[str, Any], path: Path) -> tuple[str, str, int]:
    head = reader.table(data.get("campaign"), "campaign", _CAMPAIGN_KEYS)
    line = reader.where.line
    name = head.get("name", path.stem if path.name.endswith(".toml") else path.name)
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise reader.error(line("campaign", key="name"), "campaign.name",
                           f"{name!r} is not a usable campaign id (letters, digits, '.', '_' and '-')",
                           "give one: [campaign] name = \"my-study\"")
    description = head.get("description", "")
    if not isinstance(description, str):
        raise reader.error(line("campaign", key="description"), "campaign.description", "must be a string")
    repeats = head.get("repeats", 1)
    if isinstance(repeats, bool) or not isinstance(repeats, int) or not 1 <= repeats <= MAX_REPEATS:
        raise reader.error(line("campaign", key="repeats"), "campaign.repeats",
                           f"must be a whole number from 1 to {MAX_REPEATS}, not {repeats!r}")
    return name, description, repeats


def _axis_value(reader: _Reader, axis: str, index: int, raw: Any) -> AxisValue:
    where = f"axes.{axis}[{index}]"
    line = reader.where.line("axes", key=axis, needle=_needle(raw))
    if axis == "options":
        raw = {"options": raw}
    elif axis.startswith(cell_settings.OPTION_AXIS):
        option = axis[len(cell_settings.OPTION_AXIS):]
        if not option:
            raise reader.error(line, f"axes.{axis}", "name the option: option.KEY, e.g. option.ticks")
        raw = {"options": {option: raw}, "label": _literal(raw)}
    if isinstance(raw, dict):
        values: dict[str, Any] = {}
        label = raw.get("label")
        for key, value in raw.items():
            if key == "label":
                continue
            at = reader.where.line("axes", key=axis, needle=_needle(value)) if axis != "options" else line
            if key not in cell_settings.SETTINGS:
                raise reader.error(at, f"{where}.{key}", "unknown setting",
                                   "settings: " + ", ".join(cell_settings.SETTINGS) + ", and label")
            values[key] = reader.setting(key, value, at, f"{where}.{key}")
        if not values:
            raise reader.error(line, where, "a value must set at least one setting")
        if label is None:
            label = "/".join(cell_settings.label(v) for v in values.values())
        elif not isinstance(label, str) or not label.strip():
            raise reader.error(line, f"{where}.label", f"must be a non-empty string, not {label!r}")
        return AxisValue(label, values, line)
    if axis not in cell_settings.SETTINGS:
        raise reader.error(line, f"axes.{axis}",
                           f"'{axis}' is not a setting, so its values must be tables of settings",
                           f"e.g. {axis} = [{{ target = \"qemu-m3\" }}, {{ target = \"vexriscv-sim\", "
                           "cpu_variant = \"minimal\" }]; settings: " + ", ".join(cell_settings.SETTINGS))
    return AxisValue(_literal(raw) if not isinstance(raw, list) else cell_settings.label(raw),
                     {axis: reader.setting(axis, raw, line, where)}, line)


def _axes(reader: _Reader, data: Any) -> tuple[Axis, ...]:
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise reader.error(reader.where.line("axes"), "axes", "must be a table of lists ([axes])")
    axes = []
    for name, raw in data.items():
        line = reader.where.line("axes", key=name)
        if not isinstance(raw, list) or not raw:
            raise reader.error(line, f"axes.{name}", "must be a non-empty list of values",
                               f"e.g. {name} = [\"a\", \"b\"]")
        values = tuple(_axis_value(reader, name, i, value) for i, value in enumerate(raw))
        seen: set[str] = set()
        for value in values:
            if value.label in seen:
                raise reader.error(value.line, f"axes.{name}", f"the value '{value.label}' is given twice",
                                   "give each table value a distinct label = \"...\"")
            seen.add(value.label)
        axes.append(Axis(name, values, line))
    return tuple(axes)


def _exclusions(reader: _Reader, data: Any, axes: tuple[Axis, ...]) -> tuple[Exclusion, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        raise reader.error(reader.where.line("exclude"), "exclude", "must be tables: [[exclude]]")
    by_name = {axis.name: axis for axis in axes}
    out = []
    for index, table in enumerate(data):
        line = reader.where.line("exclude", index)
        if not table:
            raise reader.error(line, f"exclude[{index}]", "an empty exclusion would leave out every cell")
        labels: dict[str, frozenset[str]] = {}
        for name, value in table.items():
            at = reader.where.line("exclude", index, key=name)
            if name not in by_name:
                raise reader.error(at, f"exclude[{index}].{name}", "no such axis",
                                   "axes: " + (", ".join(by_name) or "none"))
            wanted = [_literal(v) for v in (value if isinstance(value, list) else [value])]
            known = by_name[name].labels()
            for label in wanted:
                if label not in known:
                    raise reader.error(at, f"exclude[{index}].{name}", f"the axis has no value '{label}'",
                                       "its values: " + ", ".join(known))
            labels[name] = frozenset(wanted)
        out.append(Exclusion(labels, line))
    return tuple(out)


def read(path: Path) -> Matrix:
    """The matrix file at `path`, checked: every setting on its own (a known target, kernel,
    profile, benchmark...); what depends on a cell's other settings is checked when it is expanded."""
    hint = "give a matrix file (TOML), such as those in campaigns/"
    try:
        text = files.read_regular(Path(path), MAX_MATRIX_BYTES, "a matrix file", hint,
                                  name=f"the matrix file {path}").decode("utf-8")
    except UnicodeDecodeError as err:
        raise MatrixError(f"cannot read the matrix file {path}: {err}", hint) from None
    except RtbenchError as err:  # a device, a FIFO, a directory: never read, never waited for
        raise MatrixError(err.args[0], err.hint) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        line = re.search(r"line (\d+)", str(err))
        raise MatrixError(f"{path}:{line.group(1) if line else 1}: not valid TOML: {err}") from None
    reader = _Reader(Path(path), text)
    for key in data:
        if key not in _SECTIONS:
            raise reader.error(reader.where.top_level(key), key, "unknown table or key",
                               "a matrix file has [campaign], [settings], [axes] and [[exclude]]")
    name, description, repeats = _campaign(reader, data, Path(path))
    shared_raw = reader.table(data.get("settings"), "settings", cell_settings.SETTINGS)
    shared, lines = {}, {}
    for key, value in shared_raw.items():
        lines[key] = reader.where.line("settings", key=key)
        shared[key] = reader.setting(key, value, lines[key], f"settings.{key}")
    axes = _axes(reader, data.get("axes"))
    exclusions = _exclusions(reader, data.get("exclude"), axes)
    return Matrix(path=Path(path), name=name, description=description, repeats=repeats, settings=shared,
                  axes=axes, exclusions=exclusions, digest=hashlib.sha256(text.encode()).hexdigest(),
                  setting_lines=lines)
