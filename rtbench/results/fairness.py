# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Fairness lint: manifest settings in which compared runs differ and that bias the results.

Which settings matter is data (rtbench/data/fairness.toml), matched against the flattened
manifest, so a new kernel port's configuration values are covered without code changes.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR

RULES_FILE = PACKAGE_DIR / "data" / "fairness.toml"
NOT_RECORDED = "(not recorded)"


@dataclass(frozen=True)
class Rule:
    path: str
    label: str
    why: str
    when_equal: str = ""
    keep: tuple[str, ...] = ()


@dataclass(frozen=True)
class Difference:
    """One setting whose value differs between the runs (one value per run, in order)."""

    path: str
    label: str
    why: str
    values: tuple[str, ...]

    def describe(self, names: list[str]) -> str:
        values = ", ".join(f"{name}: {value}" for name, value in zip(names, self.values))
        return f"{self.label} ({self.path}) differs: {values}; {self.why}"


def load_rules(path: Path = RULES_FILE) -> list[Rule]:
    try:
        data = tomllib.loads(path.read_text())
        return [Rule(path=r["path"], label=r["label"], why=r["why"], when_equal=r.get("when_equal", ""),
                     keep=tuple(r.get("keep", ()))) for r in data["setting"]]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as err:
        raise RtbenchError(f"the fairness rules in {path} are unusable: {err}") from None


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Leaves of nested dicts as {"a.b.c": leaf}; lists are leaves."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, child in value.items():
            out.update(flatten(child, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: value}


def _rules_for(path: str, rules: list[Rule], lists: bool) -> list[Rule]:
    """The first rule that matches; where every run has a list, a rule with `keep` takes only its
    items and the next matching rule sees the rest (section flags before code-generation flags).
    Where a run lacks the list, the last of those rules alone says so."""
    found: list[Rule] = []
    for rule in rules:
        if fnmatchcase(path, rule.path):
            found.append(rule)
            if not rule.keep:
                break
    return found if lists else found[-1:]


def _items(value: Any, rule: Rule, taken: tuple[str, ...]) -> list[str]:
    return [str(v) for v in value if (not rule.keep or str(v).startswith(rule.keep))
            and not (taken and str(v).startswith(taken))]


def _shown(values: list[Any], rule: Rule, taken: tuple[str, ...] = ()) -> tuple[str, ...]:
    """One text per run; for lists only the items not common to every run (and not `taken` by
    an earlier rule)."""
    if any(isinstance(v, list) for v in values):
        lists = [_items(v, rule, taken) if isinstance(v, list) else None for v in values]
        common = set.intersection(*(set(x) for x in lists if x is not None))
        return tuple(NOT_RECORDED if x is None else " ".join(i for i in x if i not in common) or "(none)"
                     for x in lists)
    return tuple(NOT_RECORDED if v is None else str(v) for v in values)


def differences(manifests: list[dict[str, Any]], rules: list[Rule] | None = None) -> list[Difference]:
    """Settings that differ between the manifests, in rule order, then path order."""
    rules = load_rules() if rules is None else rules
    flat = [flatten(m) for m in manifests]
    paths = sorted({p for f in flat for p in f})
    found: list[tuple[int, Difference]] = []
    for path in paths:
        raw = [f.get(path) for f in flat]
        taken: tuple[str, ...] = ()
        for rule in _rules_for(path, rules, all(isinstance(v, list) for v in raw)):
            values, taken = _shown(raw, rule, taken), taken + rule.keep
            if len(set(values)) < 2:
                continue
            if rule.when_equal and len({str(f.get(rule.when_equal)) for f in flat}) > 1:
                continue
            found.append((rules.index(rule), Difference(path, rule.label, rule.why, values)))
    return _merged([d for _, d in sorted(found, key=lambda item: item[0])])


def _merged(diffs: list[Difference]) -> list[Difference]:
    """One entry for paths under one rule that differ the same way (flags of several layers)."""
    out: list[Difference] = []
    for diff in diffs:
        twin = next((d for d in out if d.label == diff.label and d.values == diff.values), None)
        if twin is None:
            out.append(diff)
            continue
        head, _, tail = twin.path.rpartition(".")
        merged_tail = tail.strip("{}") + "," + diff.path.rpartition(".")[2]
        out[out.index(twin)] = Difference(f"{head}.{{{merged_tail}}}", twin.label, twin.why, twin.values)
    return out


# How many differences a comparison's text shows before it summarises the rest (two kernels
# differ in dozens of configuration settings, which would push the table off the screen).
SHOWN_DIFFERENCES = 5


def lint_text(diffs: list[Difference], names: list[str], limit: int | None = None) -> str:
    """The warning block printed above a comparison; empty when the runs are alike. With a
    limit, the first `limit` differences and a line naming how many more there are."""
    if not diffs:
        return ""
    lines = [f"fairness: the runs differ in {len(diffs)} setting(s) that bias the comparison:"]
    shown = diffs if limit is None else diffs[:limit]
    lines += [f"  - {d.describe(names)}" for d in shown]
    if len(shown) < len(diffs):
        rest = diffs[len(shown):]
        what = sorted({d.describe(names).split(" (")[0].split(" differs")[0] for d in rest})
        lines.append(f"  ... and {len(rest)} more ({', '.join(what)}): --all-differences lists them")
    return "\n".join(lines)
