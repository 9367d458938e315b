# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""MkDocs hook: every <!-- rtbench:table NAME --> in a page becomes the published table NAME
(docs/tables.toml), rendered from the stored reference runs (docs/reference/), with a caption
naming the runs and what produced them. mkdocs.yml lists it under `hooks:`.

An unknown table or a missing reference run stops the build with rtbench's message: a page
never shows an empty or stale table."""
from __future__ import annotations

from typing import Any


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    del page, config, files  # the tables depend on nothing but the markers and the stored runs
    # Imported here, not when mkdocs loads the hook: by now generate.py has imported rtbench from
    # the checkout that holds mkdocs.yml, where an import at load time could find another
    # installed copy (an editable install of another checkout) and render its reference runs.
    from rtbench.reports import published_tables

    return published_tables.replace_markers(markdown)
