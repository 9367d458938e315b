# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The harness is a one-way stack (docs/design.md): `python3 -m rtbench` (rtbench/__main__.py) on
top, then cli -> reports -> analysis -> campaign -> results -> acquire, over the root modules
(errors, files, model, paths, suggest). A module imports only its own layer or those below it:
acquire measures and builds, a campaign runs many measurements, analysis and reports only read
what was stored; the root modules import no layer.

Every import is resolved to its full module name first, relative ones at any depth (`from ...cli
import output` three packages down), `from rtbench import cli` too, and imports inside functions
(lazy ones) count as much as those at the top of a file. A module or package at the top of
rtbench/ that the stack does not place fails the check: it must be given a place. And the
reading layers (analysis, reports) neither import what builds or runs nor call a measurement."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rtbench"
NAME = PACKAGE.name
ENTRY = "(entry)"
ROOT = "(root)"
# From the top of the stack down.
LAYERS = ("cli", "reports", "analysis", "campaign", "results", "acquire")
STACK = (ENTRY, *LAYERS, ROOT)
# The modules at the top of the package, each in its place: the entry point calls the cli; the
# rest are shared by every layer and import none.
TOP_MODULES = {"__main__": ENTRY, "__init__": ROOT, "errors": ROOT, "files": ROOT, "model": ROOT,
               "paths": ROOT, "suggest": ROOT}
# The layers that only read what was measured, what they may not import (the modules that build,
# run or spawn), and the functions that measure, which they may not call.
READING = ("analysis", "reports")
MEASURING_MODULES = {"subprocess", "multiprocessing", *(f"{NAME}.acquire.{m}" for m in (
    "build", "build_once", "session", "runners", "processes", "stand_in", "load", "kernel_patches", "initramfs")),
    *(f"{NAME}.campaign.{m}" for m in ("execution", "job", "child", "shard_runs", "shard_cells", "worker_setup"))}
MEASURING_CALLS = {"measure", "measure_point", "execute", "run_cells", "build_image", "build_minimal"}
# Tables are built where runs are read (analysis, reports): a campaign runs cells and pairs them,
# and imports no table model.
TABLES = f"{NAME}.results.tables"
# Folders of rtbench/ that hold no Python module of the stack.
NOT_CODE = {"data", "__pycache__"}


class BeyondThePackage(Exception):
    """A relative import with more dots than the package is deep: it cannot work."""


def _package_of(path: Path, package: Path) -> list[str]:
    """The dotted package a module is in: rtbench/results/tables/model.py -> rtbench.results.tables."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return parts if path.name == "__init__.py" else parts[:-1]


def imports_in(source: str, package: list[str], names: bool = False) -> set[str]:
    """Every rtbench module the source imports (at the top, or inside a function or class),
    resolved as if it were a module of `package` (["rtbench", "acquire", "runners"]); with
    `names`, each name `from ..campaign import execution` imports as well (it may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == NAME}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                if node.level > len(package):
                    raise BeyondThePackage(f"line {node.lineno}: {'.' * node.level}{node.module or ''}")
                up = package[: len(package) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            if base.split(".")[0] != NAME:
                continue
            if base == NAME:
                # `from rtbench import cli` names a module; `from .. import __version__` a thing
                # rtbench/__init__.py defines (a module without a place is unplaced()'s to find).
                found |= {f"{base}.{a.name}" if a.name in (*LAYERS, *TOP_MODULES) else base for a in node.names}
            elif not node.module:
                found |= {f"{base}.{a.name}" for a in node.names}  # `from . import sibling`: modules
            else:
                found.add(base)  # `from ..results import x`: x is in rtbench.results, or a module of it
                found |= {f"{base}.{a.name}" for a in node.names} if names else set()
    return found


def imported_modules(path: Path, package: list[str]) -> set[str]:
    return imports_in(path.read_text(), package)


def layer_of(module: str) -> str | None:
    """A module's place in the stack (None: it has none yet)."""
    parts = module.split(".")
    if len(parts) == 1:
        return ROOT  # the package itself: its __init__
    return parts[1] if parts[1] in LAYERS else TOP_MODULES.get(parts[1])


def unplaced(package: Path = PACKAGE) -> list[str]:
    """The modules and packages at the top of rtbench/ that the stack does not place."""
    found = []
    for path in sorted(package.iterdir()):
        # A folder of data files only (no module) is not code the stack must place.
        if path.is_dir() and path.name not in NOT_CODE and path.name not in LAYERS and any(path.rglob("*.py")):
            found.append(f"{path.name}/ (a package: add it to LAYERS, or move its modules into one)")
        elif path.suffix == ".py" and path.stem not in TOP_MODULES:
            found.append(f"{path.name} (a root module: add it to TOP_MODULES)")
    return found


def upward_imports(package: Path = PACKAGE) -> list[str]:
    rank = {name: i for i, name in enumerate(STACK)}
    wrong = []
    for path in sorted(p for p in package.rglob("*.py") if not NOT_CODE & set(p.relative_to(package).parts)):
        where = _package_of(path, package)
        shown = path.relative_to(package.parent)
        here = layer_of(".".join(where + ([] if path.name == "__init__.py" else [path.stem])))
        try:
            modules = imported_modules(path, where)
        except BeyondThePackage as err:
            wrong.append(f"{shown} imports beyond the package ({err})")
            continue
        for module in sorted(modules):
            other = layer_of(module)
            if here is None or other is None:
                wrong.append(f"{shown} imports {module}: {'it' if here is None else module} has no place in the stack")
            elif rank[other] < rank[here]:
                wrong.append(f"{shown} ({here}) imports {module} ({other}), above it")
    return wrong


def measuring_in(source: str, package: list[str]) -> list[str]:
    """What in the source builds, runs or measures: an import of a module that does (any import,
    not only rtbench's) or a call of a function that measures."""
    tree = ast.parse(source)
    plain = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    plain |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 0
              and node.module}
    modules = imports_in(source, package, names=True) | plain
    found = [f"imports {bad}" for bad in sorted(MEASURING_MODULES)
             if any(m == bad or m.startswith(bad + ".") for m in modules)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in MEASURING_CALLS:
                found.append(f"calls {name}() (line {node.lineno})")
    return found


def measuring_in_reading_layers(package: Path = PACKAGE) -> list[str]:
    wrong = []
    for layer in READING:
        for path in sorted((package / layer).rglob("*.py")):
            where = _package_of(path, package)
            wrong += [f"{path.relative_to(package.parent)} {what}" for what in measuring_in(path.read_text(), where)]
    return wrong


def tables_in_campaigns(package: Path = PACKAGE) -> list[str]:
    wrong = []
    for path in sorted((package / "campaign").rglob("*.py")):
        modules = imports_in(path.read_text(), _package_of(path, package), names=True)
        if any(m == TABLES or m.startswith(TABLES + ".") for m in modules):
            wrong.append(f"{path.relative_to(package.parent)} imports {TABLES}")
    return wrong


def test_the_layers_import_only_downwards() -> None:
    wrong = upward_imports()
    assert not wrong, "imports up the stack (" + " > ".join(STACK) + "):\n" + "\n".join(wrong)


def test_analysis_and_reports_build_and_run_nothing() -> None:
    wrong = measuring_in_reading_layers()
    assert not wrong, "measuring in a reading layer (move it to acquire/ or campaign/):\n" + "\n".join(wrong)


def test_a_measurement_in_a_reading_layer_is_caught() -> None:
    source = ("import subprocess\nfrom ..acquire.build import Build\nfrom ..acquire import model_cases\n"
              "def later(core):\n    from ..campaign import execution\n    return model_cases.measure(core)\n")
    assert measuring_in(source, ["rtbench", "reports"]) == [
        "imports rtbench.acquire.build", "imports rtbench.campaign.execution", "imports subprocess",
        "calls measure() (line 6)"]
    assert not measuring_in("from ..acquire.platforms import find_kernel\nfind_kernel('x')\n", ["rtbench", "analysis"])


def test_a_campaign_builds_no_table() -> None:
    wrong = tables_in_campaigns()
    assert not wrong, "a table built in campaign/ (move it to reports/ or analysis/):\n" + "\n".join(wrong)


def test_a_table_built_in_a_campaign_is_caught(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / "campaign" / "planted_table.py").write_text("from ..results import tables\n")
    (copy / "campaign" / "planted_cell.py").write_text("def later():\n    from ..results.tables import cell\n")
    assert tables_in_campaigns(copy) == [
        "rtbench/campaign/planted_cell.py imports rtbench.results.tables",
        "rtbench/campaign/planted_table.py imports rtbench.results.tables"]


def test_every_module_at_the_top_of_the_package_has_a_place() -> None:
    assert not unplaced(), "\n".join(unplaced())


def test_the_check_resolves_relative_imports_at_every_depth() -> None:
    source = ("from ..reports import html\nimport rtbench.cli.output\nfrom ..acquire import build\n"
              "from ...cli import output\nfrom .. import errors\nfrom . import sibling\nfrom rtbench import cli\n")
    # As if it were rtbench/results/tables/m.py.
    found = imports_in(source, ["rtbench", "results", "tables"])
    assert found == {"rtbench.results.reports", "rtbench.cli.output", "rtbench.results.acquire",
                     "rtbench.cli", "rtbench.results.errors", "rtbench.results.tables.sibling"}
    assert {layer_of(m) for m in found} == {"results", "cli"}
    # As if it were rtbench/acquire/runners/m.py: the three dots reach rtbench.cli, above acquire.
    found = imports_in(source, ["rtbench", "acquire", "runners"])
    assert "rtbench.cli" in found and layer_of("rtbench.cli") == "cli"
    with pytest.raises(BeyondThePackage, match="line 1"):
        imports_in("from ....cli import output\n", ["rtbench", "acquire", "runners"])


def test_a_root_module_that_imports_a_layer_is_caught() -> None:
    found = imports_in("from .results import stats\n", ["rtbench"])
    assert found == {"rtbench.results"} and layer_of("rtbench.results") == "results"
    assert layer_of("rtbench.errors") == ROOT and layer_of("rtbench.__main__") == ENTRY
    assert layer_of("rtbench.newthing") is None


def _copy(tmp_path: Path) -> Path:
    """The package's Python modules, copied: a tree to plant wrong imports in."""
    copy = tmp_path / NAME
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("data", "__pycache__", "*.pyc"))
    return copy


def test_upward_imports_planted_in_a_copy_of_the_package_are_caught(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / "acquire" / "runners" / "planted_three.py").write_text("from ...cli import output\n")
    (copy / "analysis" / "planted_two.py").write_text("from ..reports import listing\n")
    (copy / "results" / "tables" / "planted_lazy.py").write_text(
        "def later() -> None:\n    from ...campaign import matrix\n    matrix.read\n")
    (copy / "planted_root.py").write_text("from .acquire import build\n")
    (copy / "planted_data").mkdir()
    (copy / "planted_data" / "study.toml").write_text("name = 'data, not a module'\n")
    (copy / "planted_package").mkdir()
    (copy / "planted_package" / "__init__.py").write_text("")
    (copy / "errors.py").write_text((copy / "errors.py").read_text() + "\nfrom rtbench import reports\n")
    wrong = upward_imports(copy)
    assert wrong == [
        "rtbench/acquire/runners/planted_three.py (acquire) imports rtbench.cli (cli), above it",
        "rtbench/analysis/planted_two.py (analysis) imports rtbench.reports (reports), above it",
        "rtbench/errors.py ((root)) imports rtbench.reports (reports), above it",
        "rtbench/planted_root.py imports rtbench.acquire: it has no place in the stack",
        "rtbench/results/tables/planted_lazy.py (results) imports rtbench.campaign (campaign), above it",
    ]
    assert unplaced(copy) == ["planted_package/ (a package: add it to LAYERS, or move its modules into one)",
                              "planted_root.py (a root module: add it to TOP_MODULES)"]
