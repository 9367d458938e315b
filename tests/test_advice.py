# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What rtbench tells a user to run when something is missing: every hint it can give, read from
the sources (the strings of rtbench/, firmware/ and scripts/, the description files) and asked of
the doctor for every part, names commands one at a time ("run scripts/setup.sh --part nuttx, or
pip install 'rtbench[nuttx]'", never "apt-get install pip install ...") and only set-up parts
that exist."""
from __future__ import annotations

import ast
import itertools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rtbench.acquire import doctor, platforms, setup_parts

REPO = Path(__file__).resolve().parent.parent
# The start of a command a hint tells the user to run.
COMMAND = re.compile(r"\b(?:apt-get|apt|pip3?|cargo) install\b|\bscripts/setup\.sh\b|\bapt-get (?:update|download)\b"
                     r"|\bdpkg --add-architecture\b|\bgit clone\b|\bpython3 -m [\w.]+ install\b")
# What may stand between two commands: punctuation or a word that says they are two.
SEPARATOR = re.compile(r"[,;:()&|]|\b(?:or|and|then)\b")
PART = re.compile(r"--part ((?:[\w-]+,)*[\w-]+)")


def run_together(text: str) -> list[str]:
    """Two commands with nothing between them that separates them."""
    starts = list(COMMAND.finditer(text))
    return [text[a.start():b.end()] for a, b in itertools.pairwise(starts)
            if not SEPARATOR.search(text[a.end():b.start()])]


def unknown_parts(text: str) -> list[str]:
    named = [name for match in PART.finditer(text) for name in match.group(1).split(",")]
    return [name for name in named if name not in setup_parts.parts() and name != "NAME"]


def _rendered(node: ast.AST) -> str | None:
    """A string literal, an f-string with "{}" for what it computes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
    return None


def _toml_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _toml_strings(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _toml_strings(inner)


def source_strings() -> dict[str, list[str]]:
    """Every string in rtbench's Python and description files that names a command, by file."""
    found: dict[str, list[str]] = {}
    for folder in ("rtbench", "firmware", "scripts"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix == ".py":
                texts = [t for node in ast.walk(ast.parse(path.read_text())) if (t := _rendered(node)) is not None]
            elif path.suffix == ".toml":
                texts = list(_toml_strings(tomllib.loads(path.read_text())))
            else:
                continue
            if (named := [text for text in texts if COMMAND.search(text)]):
                found[str(path.relative_to(REPO))] = named
    return found


def doctor_hints(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the doctor says for every tool, link probe, Python extra and kernel tree of every part,
    each as if it were missing (a tool name no machine has, a tree variable unset)."""
    hints = []
    for target in platforms.targets():
        setup = setup_parts.part_of("target", target.name)
        hints += [doctor.tool_check("rtbench-no-such-tool", str(package), setup).fix
                  for package in target.spec.get("tools", {}).values()]
        hints += [doctor.probe_fix(probe, setup) for probe in target.spec.get("doctor", {}).get("probe", [])]
    for kernel in platforms.kernels():
        setup = setup_parts.part_of("kernel", kernel.name)
        hints += [doctor.tool_check("rtbench-no-such-tool", str(package), setup).fix
                  for package in kernel.spec.get("tools", {}).values()]
        if doctor.user_tree_only(kernel):
            monkeypatch.delenv(kernel.spec["source"]["env"], raising=False)
            hints.append(doctor.source_check(kernel).fix)
    for part, spec in setup_parts.parts().items():
        hints += [doctor.tool_check("rtbench-no-such-tool", package, part).fix
                  for package in spec.get("commands", {}).values()]
        hints += [setup_parts.install_hint(part, f"pip:{extra}") for extra in spec.get("pip", []) if extra != "base"]
    return hints


def test_no_hint_in_the_sources_runs_two_commands_together() -> None:
    found = source_strings()
    assert len(found) >= 10, "the sources name commands in their hints"
    bad = {path: wrong for path, texts in found.items()
           if (wrong := [t for t in texts if run_together(t) or unknown_parts(t)])}
    assert bad == {}


def test_no_hint_of_the_doctor_runs_two_commands_together(monkeypatch: pytest.MonkeyPatch) -> None:
    hints = doctor_hints(monkeypatch)
    assert len(hints) >= 40 and all(hint.startswith("run scripts/setup.sh") or "then set" in hint for hint in hints)
    assert [hint for hint in hints if run_together(hint) or unknown_parts(hint)] == []


def test_the_checks_find_commands_run_together_and_unknown_parts() -> None:
    assert run_together("apt-get install pip install 'rtbench[nuttx]' (kconfiglib)") == [
        "apt-get install pip install"]
    assert run_together("run scripts/setup.sh --part nuttx, or pip install 'rtbench[nuttx]'") == []
    assert run_together("run scripts/setup.sh --part linux-rt (it runs dpkg --add-architecture armhf, "
                        "apt-get update and fetches the package)") == []
    assert unknown_parts("scripts/setup.sh --part soc,nope (or --part NAME)") == ["nope"]


def test_a_hint_names_the_part_and_each_way_to_install() -> None:
    assert setup_parts.install_hint("main") == "run scripts/setup.sh"
    assert setup_parts.install_hint("soc", "verilator g++") == \
        "run scripts/setup.sh --part soc, or apt-get install verilator g++"
    assert setup_parts.install_hint("nuttx", "make pip:nuttx") == \
        "run scripts/setup.sh --part nuttx, or apt-get install make and pip install 'rtbench[nuttx]'"
