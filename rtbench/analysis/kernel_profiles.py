# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench kernels`: each kernel port's profile, as the Anh & Tan survey tabulates kernels
(its Table 2: scheduler, priorities, licence; its Fig. 3: API counts per category): the table of
what acquire/kernel_facts.py found (building images), or of what stored runs recorded (no build)."""
from __future__ import annotations

from collections.abc import Sequence

from ..acquire.kernel_facts import KernelProfile, properties_of
from ..acquire.platforms import find_kernel
from ..errors import RtbenchError
from ..model import Run
from ..results.tables import Column, Table, cell

# The survey's categories, in its order, then what it has no name for.
CATEGORIES = ("task", "synchronisation", "message", "memory", "time", "interrupt", "system", "trace", "other")
# The survey's Table 2 (origin to language), its Table 3 (semaphores) and Table 4 (service calls,
# critical sections), as each port's os.toml [properties] states them for the kernel rtbench builds.
PROPERTIES = (("origin", "origin and design objective"), ("licence", "licence"), ("scheduler", "scheduler"),
              ("priority_levels", "priority levels"), ("equal_priorities", "equal priorities"),
              ("mutex_protocol", "mutex protocol"), ("pool", "pool"), ("documentation", "documentation"),
              ("language", "language"), ("semaphore_create", "semaphore creation parameters"),
              ("semaphore_waiters", "semaphore waiters"), ("service_call", "service call"),
              ("critical_section", "critical section"))


def from_runs(runs: list[Run]) -> list[KernelProfile]:
    """The profiles of the kernels some stored runs used, from what the runs recorded (no build,
    no kernel tree read): the port's description, the API the run counted in the kernel's public
    headers, and the kernel's footprint in the run's catalogue image."""
    found: dict[str, KernelProfile] = {}
    for run in runs:
        name = str(run.manifest.get("os", ""))
        if not name or name in found:
            continue
        try:
            kernel = find_kernel(name)
        except RtbenchError:
            continue
        kernel_entry = run.manifest.get("kernel")
        recorded: dict[str, object] = kernel_entry if isinstance(kernel_entry, dict) else {}
        profile = KernelProfile(name, version=str(recorded.get("version", "")), properties=properties_of(kernel))
        api = recorded.get("api")
        if isinstance(api, dict):
            profile.recorded_api = {str(category): count for category, count in api.items()
                                    if isinstance(count, int) and not isinstance(count, bool)}
        elif recorded.get("source"):  # a kernel in the image, its API not recorded (a run stored before rtbench did)
            profile.notes.append(f"the run recorded no API counts: rtbench kernels --os {name} counts them")
        sizes = {r.params.get("section"): r.raw_samples[0] for r in run.results
                 if r.bench == "footprint" and r.params.get("part") == "kernel" and r.raw_samples}
        if sizes:
            profile.footprint["catalogue"] = {kind: int(sizes.get(kind, 0)) for kind in ("text", "data", "bss")}
        found[name] = profile
    return list(found.values())


def to_table(found: list[KernelProfile], target: str) -> Table:
    """One column per kernel, one row per property (the survey's layout)."""
    table = Table([Column("property", "property"), *(Column(p.kernel, p.kernel) for p in found)],
                  empty="no kernel")

    def row(label: str, values: Sequence[object]) -> None:
        table.add([cell(label), *(cell(v) for v in values)])

    row("version", [p.version or f"tree absent: {p.absent}" for p in found])
    for key, label in PROPERTIES:
        row(label, [p.properties.get(key, "-") for p in found])
    for category in CATEGORIES:
        counts = [p.api_counts().get(category, 0) if p.api_counts() else "-" for p in found]
        if any(c not in ("-", 0) for c in counts):
            row(f"API: {category}", counts)
    row("API: total", [sum(p.api_counts().values()) if p.api_counts() else "-" for p in found])
    for image in ("one task", "catalogue"):
        if not any(image in p.footprint for p in found):
            continue
        for kind in ("text", "data", "bss"):
            row(f"kernel {kind}, {image} ({target}, bytes)",
                [p.footprint[image][kind] if image in p.footprint else "-" for p in found])
    return table
