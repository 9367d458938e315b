# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`python3 scripts/NAME.py` imports rtbench from the checkout the script is in, not from another
copy that is installed (an editable install of a second checkout or git worktree would otherwise
measure, render and store with that copy's code and into its folders). Imported first by every
script that imports rtbench."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path[:1] != [str(ROOT)]:
    sys.path.insert(0, str(ROOT))
