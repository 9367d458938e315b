# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table view's argument parser: bad arguments are an RtbenchError (exit status 2 with the
message, in a script or in the docs' build), never a SystemExit from inside the package."""
from __future__ import annotations

import argparse
from typing import NoReturn

from ...errors import RtbenchError


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise RtbenchError(message, self.format_usage().strip())


def parser(name: str, description: str) -> Arguments:
    """The parser of the view NAME, named as its script (`python3 scripts/NAME.py`) in its usage."""
    return Arguments(prog=f"{name}.py", description=description)
