# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`python3 -m rtbench.cli`: the command line, as `python3 -m rtbench` runs it."""
import sys

from . import main

sys.exit(main())
