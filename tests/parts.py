# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a test needs of this machine, asked of rtbench doctor: a part the user chose not to set
up (a kernel tree only the user can give, a CPU from no registry) skips with the doctor's reason;
a part that `scripts/setup.sh --all` installs is never skipped: the test fails with what is
missing and the set-up part that installs it."""
from __future__ import annotations

import functools

import pytest

from rtbench.acquire import doctor


@functools.cache
def _diagnosis(kind: str, name: str) -> doctor.Part:
    return doctor.part(kind, name)


def need(kind: str, name: str) -> None:
    part = _diagnosis(kind, name)
    if part.ready:
        return
    if part.optional:
        pytest.skip(f"{kind} {name} is not set up (rtbench doctor: {part.reason})")
    pytest.fail(f"{kind} {name} is not ready; scripts/setup.sh --part {part.setup} installs it "
                f"(rtbench doctor: {part.reason})")
