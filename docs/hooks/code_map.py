# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""MkDocs hook: a line <!-- rtbench:code-map --> becomes the map of rtbench's Python package and
its scripts, each package, module and script with the first sentence of its docstring (or of its
leading comment, for a shell script, a C file or a CMake file), so the map says what the code
says about itself and never goes stale.

undescribed() lists the files the map could say nothing about (tests/test_docs.py keeps it
empty)."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:code-map\s*-->[ \t]*$", re.MULTILINE)
# The parts of the checkout the map covers, and what a part that is no package is.
PARTS = {"rtbench": "", "scripts": "Run from a checkout (`python3 scripts/NAME.py`, `scripts/NAME.sh`): the set-up, "
         "the measurements that store the published figures, cross-checks against other tools, the docs' tables."}
# A sentence ends at . ! or ? before a capital, a code span, a bracket or the paragraph's end, or
# at a colon that ends a line (what follows it is a list).
_SENTENCE = re.compile(r"(.+?(?:[.!?](?=\s+(?:[A-Z0-9`(\"']|rtbench\b)|\s*$)|:(?=\n)))", re.DOTALL)
_LONG = 220  # a first sentence longer than this is cut at its first top-level colon, if it has one
_HASH_COMMENT = re.compile(r"^(?:#!.*\n)?((?:#.*\n)+)")
_C_COMMENT = re.compile(r"/\*(.*?)\*/", re.DOTALL)
_CODE_SPAN = re.compile(r"(`[^`]*`)")
_DESCRIBED = (".py", ".sh", ".c", ".h", ".txt", ".cmake")


def first_sentence(text: str) -> str | None:
    """The first sentence of a text's first paragraph, or None when that paragraph has none."""
    match = _SENTENCE.match(text.strip().split("\n\n")[0] + "\n")
    if match is None:
        return None
    sentence = " ".join(match.group(1).split())
    return _shortened(sentence) if len(sentence) > _LONG else sentence


def _shortened(sentence: str) -> str:
    """A long sentence up to its first colon outside brackets and code spans, when that leaves a clause."""
    depth, code = 0, False
    for at, char in enumerate(sentence):
        code = not code if char == "`" else code
        depth += (char in "([") - (char in ")]") if not code else 0
        if char == ":" and depth == 0 and not code and at >= 30 and sentence[at + 1:at + 2] == " ":
            return sentence[:at] + "."
    return sentence


def _comment(path: Path) -> str:
    """The leading comment of a shell, CMake or C file, past its SPDX lines, without comment marks."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".c", ".h"):
        for match in _C_COMMENT.finditer(text):
            if "SPDX-" not in match.group(1):
                return "\n".join(line.strip().removeprefix("*").strip() for line in match.group(1).splitlines())
        return ""
    block = _HASH_COMMENT.match(text)
    lines = [line.removeprefix("#").strip() for line in block.group(1).splitlines()] if block else []
    return "\n".join(line for line in lines if "SPDX-" not in line)


def summary(path: Path) -> str | None:
    """What a module, package (its __init__.py) or script says it is: its first sentence."""
    if path.is_dir():
        path = path / "__init__.py"
    if path.suffix == ".py":
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        return first_sentence(doc) if doc else None
    return first_sentence(_comment(path))


def _entries(folder: Path, is_package: bool) -> list[Path]:
    """A folder's modules and sub-packages (scripts: files and folders), in name order."""
    found = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.name == "__pycache__" or path.name == "__init__.py":
            continue
        if (path.is_dir() and (not is_package or (path / "__init__.py").exists())) or \
                (path.is_file() and path.suffix in _DESCRIBED):
            found.append(path)
    return found


def _markdown(text: str) -> str:
    """A sentence as Markdown text: outside code spans, < > and * are literal characters."""
    parts = _CODE_SPAN.split(text)
    return "".join(part if part.startswith("`") else
                   part.replace("<", "&lt;").replace(">", "&gt;").replace("*", r"\*") for part in parts)


def _items(folder: Path, root: Path, is_package: bool, depth: int) -> list[str]:
    lines = []
    for path in _entries(folder, is_package):
        said = summary(path) if not path.is_dir() or is_package else None
        name = path.name + ("/" if path.is_dir() else "")
        text = _markdown(said.rstrip(":;") + ("." if said.endswith((":", ";")) else "")) if said else ""
        lines.append("    " * depth + f"- `{name}`" + (f": {text}" if text else ""))
        if path.is_dir():
            lines += _items(path, root, is_package, depth + 1)
    return lines


def render(root: Path) -> str:
    """The map as a Markdown list: each part, then its folders and files, nested."""
    lines = []
    for part in PARTS:
        folder = root / part
        is_package = (folder / "__init__.py").exists()
        said = summary(folder) if is_package else PARTS[part]
        lines.append(f"- `{part}/`" + (f": {_markdown(said)}" if said else ""))
        lines += _items(folder, root, is_package, 1)
    return "\n".join(lines)


def undescribed(root: Path) -> list[str]:
    """The modules, packages and scripts whose docstring or leading comment has no first sentence."""
    missing = []
    for part in PARTS:
        folder = root / part
        is_package = (folder / "__init__.py").exists()
        files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in _DESCRIBED
                 and "__pycache__" not in p.parts and (not is_package or p.suffix == ".py")]
        missing += [str(p.relative_to(root)) for p in sorted(files) if summary(p) is None]
    return missing


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    del page, files
    if "rtbench:code-map" not in markdown:
        return markdown
    root = Path(config.config_file_path).resolve().parent
    return MARKER.sub(lambda _: render(root), markdown)
