# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The harness is a one-way stack (../DESIGN.md): cli -> reports -> analysis -> campaign ->
results -> acquire, over the root modules (errors, model, paths). A package imports only those
below it, never one above: a report may measure through a campaign, a campaign never renders a
report; the root modules import no layer. Every import is resolved to its full module name first,
relative ones at any depth, so `from ...cli import output` three packages down is seen."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rtbench"
# From the top of the stack down; the root modules are under the lowest layer.
LAYERS = ("cli", "reports", "analysis", "campaign", "results", "acquire")
ROOT = "(root)"
ENTRY = {"__main__.py"}  # `python3 -m rtbench`: above the stack, it calls the cli


def _package_of(path: Path) -> list[str]:
    """The dotted package a module is in: rtbench/results/tables/model.py -> rtbench.results.tables."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return parts if path.name == "__init__.py" else parts[:-1]


def imported_modules(path: Path, package: list[str] | None = None) -> set[str]:
    """Every rtbench module a file imports (at module level or inside a function), resolved."""
    package = _package_of(path) if package is None else package
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "rtbench"}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                up = package[: len(package) - (node.level - 1)] if node.level - 1 <= len(package) else []
                base = ".".join(up + ([node.module] if node.module else []))
            if base.split(".")[0] != "rtbench":
                continue
            # `from .. import errors` names modules; `from ..results import x` names things in one.
            found |= {f"{base}.{a.name}" for a in node.names} if not node.module else {base}
    return found


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else ROOT


def upward_imports() -> list[str]:
    rank = {name: i for i, name in enumerate((*LAYERS, ROOT))}
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent == PACKAGE and path.name in ENTRY:
            continue
        here = layer_of(".".join(_package_of(path) + [path.stem]))
        for module in sorted(imported_modules(path)):
            other = layer_of(module)
            if rank[other] < rank[here]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)} imports {module}")
    return wrong


def test_the_layers_import_only_downwards() -> None:
    wrong = upward_imports()
    assert not wrong, "imports up the stack (cli > reports > analysis > campaign > results > acquire > root):\n" + \
        "\n".join(wrong)


def test_the_check_resolves_relative_imports_at_every_depth(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from ..reports import html\nimport rtbench.cli.output\nfrom ..acquire import build\n"
                      "from ...cli import output\nfrom .. import errors\nfrom . import sibling\n")
    # As if it were rtbench/results/tables/m.py.
    found = imported_modules(module, ["rtbench", "results", "tables"])
    assert found == {"rtbench.results.reports", "rtbench.cli.output", "rtbench.results.acquire",
                     "rtbench.cli", "rtbench.results.errors", "rtbench.results.tables.sibling"}
    assert {layer_of(m) for m in found} == {"results", "cli"}
    # As if it were rtbench/acquire/runners/m.py: the three dots reach rtbench.cli, above acquire.
    found = imported_modules(module, ["rtbench", "acquire", "runners"])
    assert "rtbench.cli" in found and layer_of("rtbench.cli") == "cli"


def test_a_root_module_that_imports_a_layer_is_caught(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from .results import stats\n")
    found = imported_modules(module, ["rtbench"])
    assert found == {"rtbench.results"} and layer_of("rtbench.results") == "results"
    assert layer_of("rtbench.errors") == ROOT
