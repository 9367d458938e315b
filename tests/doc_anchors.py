# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Links to headings, read from the Markdown sources the way the site renders them.

A heading's id comes from toc's slugify, which drops every non-ASCII character (`µT-Kernel`
becomes `t-kernel`), while GitHub keeps them (`µt-kernel`): a link to such a heading's generated
id works in one renderer only. So a link into a page may target only an ASCII id, and a heading
with non-ASCII text must carry an explicit one (`## µT-Kernel 3.0 {#mtkernel}`, attr_list) before
anything links to it. problems() says which links break that rule or target no heading at all."""
from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown
import yaml
from markdown.treeprocessors import Treeprocessor

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


@dataclass
class Page:
    ids: dict[str, str] = field(default_factory=dict)  # id -> the heading's text ("" for a non-heading id)
    explicit: set[str] = field(default_factory=set)  # ids a page set itself ({#id}), not toc's slugs
    links: list[str] = field(default_factory=list)  # every href with a fragment


class _Explicit(Treeprocessor):
    """Runs after attr_list and before toc: the heading ids present now were written by hand."""

    def __init__(self, md: markdown.Markdown, page: Page) -> None:
        super().__init__(md)
        self.page = page

    def run(self, root: etree.Element) -> None:
        self.page.explicit |= {el.get("id", "") for el in root.iter() if el.tag in _HEADINGS and el.get("id")}


class _Collect(Treeprocessor):
    def __init__(self, md: markdown.Markdown, page: Page) -> None:
        super().__init__(md)
        self.page = page

    def run(self, root: etree.Element) -> None:
        for el in root.iter():
            if (anchor := el.get("id")):
                self.page.ids[anchor] = "".join(el.itertext()) if el.tag in _HEADINGS else ""
            if el.tag == "a" and "#" in el.get("href", ""):
                self.page.links.append(el.get("href", ""))


def site_extensions(mkdocs_yml: Path) -> tuple[list[str], dict[str, Any]]:
    """mkdocs.yml's markdown_extensions, without toc's permalink (its ¶ is not heading text)."""
    names: list[str] = []
    configs: dict[str, Any] = {}
    for entry in yaml.safe_load(mkdocs_yml.read_text())["markdown_extensions"]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, {})
        names.append(name)
        configs[name] = {k: v for k, v in (config or {}).items() if k != "permalink"}
    return names, configs


def read_page(text: str, extensions: tuple[list[str], dict[str, Any]]) -> Page:
    page = Page()
    md = markdown.Markdown(extensions=extensions[0], extension_configs=extensions[1])
    md.treeprocessors.register(_Explicit(md, page), "rtbench_explicit_ids", 6)  # attr_list 8, toc 5
    md.treeprocessors.register(_Collect(md, page), "rtbench_collect", 1)
    md.convert(text)
    return page


def problems(pages: dict[str, Page]) -> list[str]:
    """Every link (in pages keyed by their path, "docs/porting.md") whose fragment is not an ASCII
    id, names no heading of its page, or names a generated id of a non-ASCII heading. Links to a
    page not among them (a generated page, another site) are left to mkdocs."""
    found = []
    for source, page in sorted(pages.items()):
        for href in page.links:
            path, _, fragment = href.partition("#")
            if re.match(r"[a-z]+:", path):
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(source), path)) if path else source
            where = f"{source}: link {href!r}"
            if not _ID.fullmatch(fragment):
                found.append(f"{where}: the fragment is not a lower-case ASCII id")
            elif target not in pages:
                continue
            elif fragment not in pages[target].ids:
                found.append(f"{where}: {target} has no such id")
            elif not pages[target].ids[fragment].isascii() and fragment not in pages[target].explicit:
                found.append(f"{where}: the heading {pages[target].ids[fragment]!r} has non-ASCII text, so its "
                             "generated id differs between renderers; give it an explicit ASCII id ({#name})")
    return found
