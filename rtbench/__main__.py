# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`python3 -m rtbench`: the command line, as the `rtbench` script runs it."""
import sys

from .cli import main

sys.exit(main())
