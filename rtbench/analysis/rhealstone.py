# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Rhealstone composite (Kar and Porter, Dr. Dobb's Journal, Feb. 1989; Kar, "Implementing
the Rhealstone Real-Time Benchmark", DDJ, Apr. 1990): six times, one per component, summarised
as their arithmetic mean. The published figure of merit weighs the six equally (a reader's letter,
"Rhealstone Recommendations", DDJ, Sep. 1990, criticises exactly that: small components such as
interrupt latency hardly count); rtbench uses that unweighted mean, and its reciprocal per
million units as "Rhealstones" (the original: per second)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RtbenchError
from ..model import Run
from ..results.stats import median

# Rhealstone component -> the rtbench benchmark that measures it.
COMPONENTS: tuple[tuple[str, str], ...] = (
    ("task switching time", "task_switch"),
    ("preemption time", "task_preempt"),
    ("interrupt latency", "irq_latency"),
    ("semaphore shuffling time", "sem_shuffle"),
    ("deadlock breaking time", "mutex_pi"),
    ("intertask message latency", "queue_wake"),
)


@dataclass(frozen=True)
class Composite:
    unit: str
    medians: dict[str, int]  # benchmark -> its median, in `unit`
    mean: float  # the unweighted mean of the six medians

    @property
    def per_million(self) -> float:
        """Rhealstones: how many such mean operations fit in a million units."""
        return 1e6 / self.mean


def composite(run: Run) -> Composite:
    """The composite of one run; every component must have an `ok` result, all in one unit."""
    found: dict[str, int] = {}
    units = set()
    for _, bench in COMPONENTS:
        result = next((r for r in run.results if r.bench == bench and not r.params), None)
        if result is None or result.status != "ok" or not result.raw_samples:
            status = "missing" if result is None else result.status
            raise RtbenchError(f"the run has no usable {bench} result ({status}): the Rhealstone composite "
                               "needs all six",
                               "run them: rtbench run --bench " + ",".join(b for _, b in COMPONENTS))
        found[bench] = int(median(result.samples()))
        units.add(result.unit)
    if len(units) != 1:
        raise RtbenchError(f"the six Rhealstone components are in different units: {', '.join(sorted(units))}")
    return Composite(units.pop(), found, sum(found.values()) / len(found))
