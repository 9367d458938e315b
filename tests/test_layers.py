# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The harness is a one-way stack (../DESIGN.md): cli -> reports -> analysis -> campaign ->
results -> acquire. A package imports only those below it, never one above: a report may measure
through a campaign, a campaign never renders a report."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rtbench"
# From the top of the stack down.
LAYERS = ("cli", "reports", "analysis", "campaign", "results", "acquire")


def _imported_layers(path: Path) -> set[str]:
    """The rtbench packages a module imports, at module level or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("rtbench.")}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").startswith("rtbench."):
                found.add((node.module or "").split(".")[1])
            elif node.level == 2:  # from ..results import x, from .. import errors
                found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return found & set(LAYERS)


def upward_imports() -> list[str]:
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for layer in LAYERS:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            above = sorted(other for other in _imported_layers(path) if rank[other] < rank[layer])
            wrong += [f"{path.relative_to(PACKAGE.parent)} imports rtbench.{other}" for other in above]
    return wrong


def test_the_layers_import_only_downwards() -> None:
    wrong = upward_imports()
    assert not wrong, "imports up the stack (cli > reports > analysis > campaign > results > acquire):\n" + \
        "\n".join(wrong)


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from ..reports import html\nimport rtbench.cli.output\nfrom ..acquire import build\n")
    assert _imported_layers(module) == {"reports", "cli", "acquire"}
