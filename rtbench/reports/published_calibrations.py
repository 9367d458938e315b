# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The stored calibrations a page shows (docs/reference/boards/<name>.json, written by
scripts/board_reference.py): <!-- rtbench:calibration boards/NAME --> becomes the calibration's
table (per benchmark, each column's median and their ratio with its interval) and a caption
naming the runs it compares and what produced them."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rtbench.errors import RtbenchError
from rtbench.results import calibration, schema
from rtbench.results.tables import as_markdown

from . import reference_runs

MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:calibration\s+([A-Za-z0-9][A-Za-z0-9._/-]*)\s*-->[ \t]*$")
SUFFIX = ".json"
MEASURE = "python3 scripts/board_reference.py"


def path_of(name: str, runs: Path | None = None) -> Path:
    return (runs or reference_runs.reference_dir()) / f"{name}{SUFFIX}"


def load(name: str, runs: Path | None = None) -> dict[str, Any]:
    path = path_of(name, runs)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RtbenchError(f"no stored calibration '{name}' ({path} is missing)",
                           f"measure it with {MEASURE}") from None
    except (OSError, ValueError) as err:
        raise RtbenchError(f"cannot read the stored calibration {path}: {err}") from None
    schema.validate(document, schema.CALIBRATION, str(path))
    return dict(document)


def block(name: str, runs: Path | None = None) -> str:
    """The calibration's table and caption, as a page shows them."""
    document = load(name, runs)
    columns = "; ".join(f"{c['role']}: `{c.get('reference', c['name'])}` (image sha256:{c['image_sha256'][:12]})"
                        for c in document["columns"])
    caption = (f"{as_markdown.escape(calibration.summary_text(document))}. Rendered from the stored calibration "
               f"`{name}` ({columns}; {document['bootstrap']['resamples']} bootstrap resamples), measured with "
               f"`{MEASURE}`.")
    return as_markdown.render(calibration.table(document)) + "\n\n" + caption + "\n"
