# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The versioned JSON documents rtbench writes and reads back, and their published schemas.

Every document carries `"schema": "<kind>/<version>"` (e.g. `rtbench-run/1`). The JSON Schema
of each is docs/schema/<kind>-<version>.schema.json (installed as rtbench/schemas/). A document
read back is parsed strictly (no Infinity or NaN, which Python's json would accept) and
validated against its schema; every problem becomes an RtbenchError naming the file, the result
and the field. docs/results-schema.md describes the fields and when a version changes."""
from __future__ import annotations

import json
import math
import zlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .. import files
from ..errors import RtbenchError
from ..model import first_repeat, result_label
from ..paths import schema_dir

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

RUN = "rtbench-run/1"
COMPARE = "rtbench-compare/1"
FOOTPRINT = "rtbench-footprint/1"
TABLE = "rtbench-table/1"
BISECT = "rtbench-bisect/1"
CALIBRATION = "rtbench-calibration/1"
LIST = "rtbench-list/1"  # written only (rtbench list --json): never read back

# kind -> (what a document of that kind is, what writes it)
_KINDS = {
    "rtbench-run": ("a run", "`rtbench run --json FILE` or `rtbench report --json FILE`"),
    "rtbench-compare": ("a comparison", "`rtbench compare --json FILE`"),
    "rtbench-footprint": ("a footprint table", "`rtbench footprint --json FILE`"),
    "rtbench-table": ("a printed table", "`rtbench report --format json`"),
    "rtbench-bisect": ("a bisection", "`rtbench bisect --json FILE`"),
    "rtbench-calibration": ("a calibration", "`rtbench calibrate --json FILE`"),
}
_INT64 = (-(2**63), 2**63 - 1)
REPEAT_RULE = "a run holds one result per benchmark and parameter set"
REPEAT_HINT = ("keep one copy of it (a gate or comparison of two copies would judge only one), "
               "or split the runs into two files")
_SHOWN = 40  # characters of a bad value quoted in a message
# Deeper than any document rtbench writes (about 8): validation recurses once per level, so a
# crafted document nested a few hundred levels deep would end in a RecursionError.
MAX_DEPTH = 64


def stamped(kind: str, document: dict[str, Any]) -> dict[str, Any]:
    """The document with its kind and version first: what every JSON rtbench writes carries."""
    return {"schema": kind, **document}


def schema_file(kind: str) -> Path:
    name, _, version = kind.partition("/")
    return schema_dir() / f"{name}-{version}.schema.json"


@cache
def _validator(kind: str, legacy: bool) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only commands that read JSON pay for the import

    schema = json.loads(schema_file(kind).read_text())
    if legacy:  # written before documents carried their schema: the same shape, without the field
        schema["required"] = [field for field in schema["required"] if field != "schema"]
    return Draft202012Validator(schema)


class _NotFinite:
    """A number JSON cannot carry (Infinity, NaN, or beyond a double such as 1e400), kept as its text
    so validation reports where it is."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _parse(text: str) -> tuple[Any, bool]:
    found = False

    def not_finite(token: str) -> _NotFinite:
        nonlocal found
        found = True
        return _NotFinite(token)

    def number(token: str) -> float | _NotFinite:
        value = float(token)
        return value if math.isfinite(value) else not_finite(token)

    return json.loads(text, parse_constant=not_finite, parse_float=number), found


def _first_not_finite(value: Any, path: tuple[str | int, ...] = ()) -> tuple[tuple[str | int, ...], _NotFinite] | None:
    if isinstance(value, _NotFinite):
        return path, value
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        found = _first_not_finite(child, (*path, key))
        if found:
            return found
    return None


def _shown(value: Any) -> str:
    text = value.text if isinstance(value, _NotFinite) else json.dumps(value, default=repr)
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."


def _json_type(value: Any) -> str:
    if isinstance(value, _NotFinite):
        return "not a finite number"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number" if value.is_integer() else "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, dict) else "null"


_ARTICLES = {"integer": "an integer", "number": "a number", "string": "a string", "boolean": "a boolean",
             "array": "an array", "object": "an object", "null": "null"}


def _expected(types: Any) -> str:
    names = [_ARTICLES.get(t, t) for t in ([types] if isinstance(types, str) else types)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _location(document: Any, path: list[str | int] | tuple[str | int, ...]) -> str:
    """'results[3] (task_switch): samples[17]', 'manifest.clock_hz', or 'the document'."""
    parts = list(path)
    head = ""
    if len(parts) >= 2 and parts[0] in ("results", "rows", "images") and isinstance(parts[1], int):
        row = document[parts[0]][parts[1]] if isinstance(document, dict) else None
        name = row.get("bench", row.get("kernel")) if isinstance(row, dict) else None
        head = f"{parts[0]}[{parts[1]}]" + (f" ({name})" if isinstance(name, str) else "")
        parts = parts[2:]
    field = ""
    for part in parts:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    if head and field:
        return f"{head}: {field}"
    return head or field or "the document"


def _problem(error: ValidationError) -> str:
    value, rule, wanted = error.instance, error.validator, error.validator_value
    shown = _shown(value)
    if isinstance(value, _NotFinite):
        return f"{shown} is not a finite number"
    if rule == "type":
        return f"{shown} is {_json_type(value)}, expected {_expected(wanted)}"
    if rule in ("minimum", "maximum") and (error.schema.get("minimum"), error.schema.get("maximum")) == _INT64:
        return f"{shown} does not fit a signed 64-bit integer"
    if rule == "minimum":
        return f"{shown} is below the minimum {wanted}"
    if rule == "maximum":
        return f"{shown} is above the maximum {wanted}"
    if rule in ("exclusiveMinimum", "exclusiveMaximum"):
        return f"{shown} must be {'above' if rule == 'exclusiveMinimum' else 'below'} {wanted}"
    if rule == "required":
        missing = [name for name in wanted if isinstance(value, dict) and name not in value]
        return f"the field '{missing[0] if missing else wanted[0]}' is missing"
    if rule == "enum":
        return f"{shown} is not one of {', '.join(json.dumps(v) for v in wanted)}"
    if rule == "const":
        return f"{shown} is not {json.dumps(wanted)}"
    if rule == "minLength":
        return f"{shown} is empty"
    if rule in ("minItems", "maxItems"):
        return f"has {len(value)} item(s), expected {'at least' if rule == 'minItems' else 'at most'} {wanted}"
    return error.message


def _plain_ints(values: list[Any], low: int, high: int | None) -> bool:
    return all(type(v) is int and low <= v and (high is None or v <= high) for v in values)


def _skeleton(document: Any) -> Any:
    """The run without the long integer arrays that are plainly valid: validating a million samples
    one by one through jsonschema takes seconds, checking them here takes milliseconds. An array
    with anything unusual in it is kept, so the validator reports exactly what and where."""
    if not isinstance(document, dict) or not isinstance(document.get("results"), list):
        return document
    rows = []
    for row in document["results"]:
        if isinstance(row, dict):
            row = dict(row)
            if isinstance(row.get("samples"), list) and _plain_ints(row["samples"], *_INT64):
                row["samples"] = []
            model = row.get("model_cycles")
            model_samples = model.get("samples") if isinstance(model, dict) else None
            if isinstance(model, dict) and isinstance(model_samples, list) and _plain_ints(model_samples, *_INT64):
                row["model_cycles"] = {**model, "samples": []}
            histogram = row.get("histogram")
            if (isinstance(histogram, dict) and isinstance(histogram.get("counts"), list)
                    and _plain_ints(histogram["counts"], 0, None)):
                row["histogram"] = {**histogram, "counts": []}
        rows.append(row)
    return {**document, "results": rows}


def _kind_of(document: Any, kind: str, source: str) -> bool:
    """Checks the document's declared kind and version; True when it declares none (an older rtbench)."""
    if not isinstance(document, dict) or "schema" not in document:
        return True
    declared = document["schema"]
    name, _, version = kind.partition("/")
    what, writer = _KINDS[name]
    hint = f"give {what} written by {writer}"
    if not isinstance(declared, str):
        raise RtbenchError(f"{source}: schema: {_shown(declared)} is {_json_type(declared)}, expected a string "
                           f"such as \"{kind}\"", hint)
    declared_name, _, declared_version = declared.partition("/")
    if declared_name != name:
        if declared_name in _KINDS:
            raise RtbenchError(f"{source} is {_KINDS[declared_name][0]} ({declared}), not {what}", hint)
        raise RtbenchError(f"{source} is not {what}: its schema is {_shown(declared)}", hint)
    if declared_version != version:
        newer = declared_version.isdigit() and int(declared_version) > int(version)
        raise RtbenchError(f"{source} is {what} in schema {declared}, and this rtbench reads {kind}"
                           + (" (it was written by a newer rtbench)" if newer else ""),
                           "read it with the rtbench that wrote it" + (", or upgrade rtbench" if newer else ""))
    return False


def _too_deep(document: Any) -> tuple[str | int, ...] | None:
    """The path to the first object or array nested deeper than MAX_DEPTH, found without recursion
    (and without a path for every sample: only objects and arrays are followed)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            return path
        children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend((child, (*path, key)) for key, child in children if isinstance(child, dict | list))
    return None


def _check_depth(document: Any, kind: str, source: str) -> None:
    path = _too_deep(document)
    if path is not None:
        where = _location(document, path[:3])
        raise RtbenchError(f"{source}: {where}: nested more than {MAX_DEPTH} levels deep, which no rtbench "
                           f"document is", f"write it with {_KINDS[kind.partition('/')[0]][1]}")


def _check_results(document: dict[str, Any], source: str) -> None:
    """What the schema cannot say of a run: each (benchmark, parameters) once (model.first_repeat);
    samples in every ok result."""
    for index, row in enumerate(document["results"]):
        if row["status"] == "ok" and not row.get("samples"):
            raise RtbenchError(f"{source}: results[{index}] ({result_label(row['bench'], row['params'])}): status ok "
                               f"without samples", "an ok result carries every sample it measured; write it with "
                               f"{_KINDS['rtbench-run'][1]}")
    repeat = first_repeat((row["bench"], row["params"]) for row in document["results"])
    if repeat is not None:
        index, first = repeat
        row = document["results"][index]
        raise RtbenchError(f"{source}: results[{index}] ({result_label(row['bench'], row['params'])}) repeats "
                           f"results[{first}]: {REPEAT_RULE}", REPEAT_HINT)


def validate(document: Any, kind: str, source: str) -> None:
    """Raises an RtbenchError naming `source`, the result and the field unless `document` is a valid
    `kind` document. A document without a `schema` field (written by an older rtbench) is checked
    against the same shape."""
    checked = _skeleton(document) if kind == RUN else document
    _check_depth(checked, kind, source)
    legacy = _kind_of(document, kind, source)
    hint = f"write it with {_KINDS[kind.partition('/')[0]][1]}; its format is docs/results-schema.md"
    from jsonschema.exceptions import best_match

    validator = _validator(kind, legacy)
    error = best_match(validator.iter_errors(checked))
    if error is not None:
        where = _location(document, error.absolute_path)
        problem = _problem(error)
        if where == "the document" and error.validator == "type":
            problem = f"is {_json_type(document)}, expected {_KINDS[kind.partition('/')[0]][0]} (a JSON object)"
            raise RtbenchError(f"{source}: the document {problem}", hint)
        raise RtbenchError(f"{source}: {where}: {problem}", hint)
    if kind == RUN:
        _check_results(document, source)


# A document is read from a regular file only (a device or FIFO would never end, or never start),
# of at most this many bytes, and gzip-compressed ones (the published reference runs,
# docs/reference/*.json.gz) as they are, up to as many bytes unpacked: a run of 10^7 samples is
# about 80 MB.
GZIP_MAGIC = b"\x1f\x8b"
MAX_UNPACKED = 4 << 30
_READ = 64 << 10  # compressed bytes read at a time (a bomb unpacks each to a thousand times more)
_UNPACK = 4 << 20  # bytes unpacked at a time


def _gunzip_size(file: BinaryIO, path: Path, hint: str) -> int:
    """How many bytes the one gzip member in `file` unpacks to, counted without keeping them (a
    small bomb unpacks to gigabytes). A member cut short, a second member or bytes after it are
    refused: a reader of the first member alone would drop them silently."""
    unpack = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    total = 0
    while not unpack.eof:
        data = unpack.unconsumed_tail or file.read(_READ)
        if not data:
            raise RtbenchError(f"cannot read {path}: the compressed file is cut short", hint)
        total += len(unpack.decompress(data, _UNPACK))
        if total > MAX_UNPACKED:
            raise files.too_large(str(path), f"unpacks to more than {files.size_text(MAX_UNPACKED)}",
                                  "an rtbench document", hint)
    if unpack.unused_data or file.read(1):
        raise RtbenchError(f"cannot read {path}: it holds more after its compressed document (a second gzip "
                           "member, or other bytes)", "give the document alone, compressed once (gzip FILE)")
    return total


def _gunzip(file: BinaryIO, path: Path, hint: str) -> bytearray:
    """The one gzip member in `file` unpacked: counted first, then unpacked into a buffer of
    that size (never more than the document itself in memory)."""
    size = _gunzip_size(file, path, hint)
    file.seek(0)
    out = bytearray(size)
    unpack = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    filled = 0
    while not unpack.eof:
        data = unpack.unconsumed_tail or file.read(_READ)
        piece = unpack.decompress(data, _UNPACK) if data else b""
        if not data or filled + len(piece) > size:
            raise RtbenchError(f"cannot read {path}: it changed while it was read", "read it again")
        out[filled:filled + len(piece)] = piece
        filled += len(piece)
    return out


def _read_text(path: Path, hint: str) -> str:
    with files.open_regular(path, hint) as file:
        if file.read(2) == GZIP_MAGIC:
            file.seek(0)
            return _gunzip(file, path, hint).decode("utf-8")
        file.seek(0)
        return files.read_limited(file, str(path), MAX_UNPACKED, "an rtbench document", hint).decode("utf-8")


def load(path: Path, kind: str) -> Any:
    """The `kind` document in the JSON file `path`, parsed strictly and validated."""
    name = kind.partition("/")[0]
    hint = f"give {_KINDS[name][0]} written by {_KINDS[name][1]}"
    try:
        text = _read_text(Path(path), hint)
    except (OSError, UnicodeDecodeError, zlib.error) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RtbenchError(f"cannot read {path}: {reason}", hint) from None
    try:
        document, not_finite = _parse(text)
    except ValueError as err:  # JSONDecodeError, and integers of more than 4300 digits
        raise RtbenchError(f"{path} is not valid JSON: {err}", f"write it with {_KINDS[name][1]}") from None
    except RecursionError:
        raise RtbenchError(f"{path} is nested too deeply to be an rtbench document",
                           f"write it with {_KINDS[name][1]}") from None
    if not_finite:
        _check_depth(document, kind, str(path))  # before the walk below, which recurses
        found = _first_not_finite(document)
        assert found is not None
        where, value = found
        raise RtbenchError(f"{path}: {_location(document, where)}: {value.text} is not a finite number "
                           "(JSON has no Infinity or NaN, and no number beyond a 64-bit float)",
                           f"write it with {_KINDS[name][1]}; its format is docs/results-schema.md")
    validate(document, kind, str(path))
    return document
