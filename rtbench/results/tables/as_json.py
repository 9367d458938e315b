# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as a JSON document (rtbench-table/1): its columns (key, title, kind) and one object per
row, keyed by column, with typed values and the row's note."""
from __future__ import annotations

import json
from typing import Any

from ...results.schema import TABLE, stamped
from .model import Table


def to_data(table: Table) -> dict[str, Any]:
    columns = [{"key": c.key, "title": c.title, "kind": c.kind, **({"parts": list(c.parts)} if c.parts else {})}
               for c in table.columns]
    return stamped(TABLE, {"columns": columns, "rows": [table.record(row) for row in table.rows]})


def render(table: Table) -> str:
    return json.dumps(to_data(table), indent=1)
