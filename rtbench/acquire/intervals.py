# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Which two instants of a traced run a sample measured. A QEMU plugin logs instants (the
firmware's timestamp reads, with the instructions executed before each; the timing model also
exception entries) and the stores of kept samples; the firmware stored a sample that holds
`count` instructions between its interval's start and end. The interval is two instants
exactly `count` apart: the latest end before the sample's store that has such a partner, and
that partner (searched back until the instants lie farther apart than `count`). A benchmark
that read the counter again between its interval's end and storing the sample could, by
coincidence of counts, have a later pair taken."""
from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

LOOK_BACK = 64  # instants searched before a sample's store for its interval's end


def _any(_index: int) -> bool:
    return True


def interval(instants: Sequence[int], store: int, count: int, is_end: Callable[[int], bool] = _any,
             is_begin: Callable[[int], bool] = _any) -> tuple[int, int] | None:
    """The indices (begin, end) into `instants` (instruction counts, ascending) of the interval of
    a sample stored at `store` that holds `count` instructions; None when no pair fits. `is_end`
    and `is_begin` say which instants may end and begin an interval."""
    last = bisect.bisect_right(instants, store) - 1
    for end in range(last, max(last - LOOK_BACK, -1), -1):
        if not is_end(end):
            continue
        for begin in range(end - 1, -1, -1):
            distance = instants[end] - instants[begin]
            if distance == count and is_begin(begin):
                return begin, end
            if distance > count:
                break
    return None
