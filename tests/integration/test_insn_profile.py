# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Per-function attribution (`rtbench bisect`) on a real traced run of qemu-m3's task_switch: exact
for every sample, and linear in the samples: the trace's timestamp reads are indexed once, not
gathered again for every sample (10^5 samples took over 12 minutes that way; the speed itself is
scripts/bench_speed.py --attribution's)."""
from __future__ import annotations

from collections.abc import Iterator

from rtbench.acquire import insn_profile
from rtbench.acquire.insn_profile import Segment
from rtbench.acquire.session import RunRequest, image_for
from rtbench.paths import Workspace

SAMPLES = 2000


class _Scans(list[Segment]):
    """The trace's own segments, counting how often the whole list is walked."""

    walks = 0

    def __iter__(self) -> Iterator[Segment]:
        self.walks += 1
        return super().__iter__()


def test_attribution_walks_the_trace_once_and_is_exact(workspace: Workspace) -> None:
    request = RunRequest(bench="task_switch", iterations=SAMPLES, warmup=10)
    target, build, options = image_for(request, "task_switch", workspace, lambda _: None)
    trace, result = insn_profile.traced_run(target, build, options, "task_switch", workspace.root / "traces")
    assert len(trace.stores) == len(result.raw_samples) == SAMPLES
    trace.segments = _Scans(trace.segments)
    attribution = insn_profile.attribute(trace, result, build.elf)
    assert trace.segments.walks == 0, f"the reads were gathered {trace.segments.walks} times for {SAMPLES} samples"
    assert attribution.exact and len(attribution.per_sample) == SAMPLES
    assert sum(attribution.totals.values()) == sum(result.samples()) + SAMPLES * attribution.overhead
    assert "vTaskSwitchContext" in attribution.totals
