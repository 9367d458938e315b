# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The emulation study's cache tables (Weiss et al., Tables 1 and 2) beside rtbench's: the gain
of each cache configuration over none, for a task switch, the interrupt reaction and a CPU-bound
reference (the study's Dhrystone), per kernel measured on the soft-core; and whether a second
kernel confirms the first, as RTEMS confirmed VxWorks within 5 %."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Run
from ..results.stats import median
from .published import LeftOut, Series, StudyView
from .variants import by_variant

# How close a second kernel's gains must be to the first's to confirm them (the study: "less than 5 %").
CONFIRM_POINTS = 5.0


@dataclass
class KernelGains:
    """One run's gains: {variant: {criterion: percent}} over the baseline's medians."""

    name: str
    kernel: str
    baseline: dict[str, float]            # criterion -> median cycles without caches
    gains: dict[str, dict[str, float]]    # variant -> criterion -> percent
    caches: dict[str, str]                # variant -> what it has

    @property
    def label(self) -> str:
        """The run's name, with its kernel unless the name says it already."""
        return self.name if self.kernel.lower() in self.name.lower() else f"{self.name} ({self.kernel})"


def caches_kind(description: str) -> str:
    """'none', 'I only', 'D only' or 'I+D', from a variant's cache description."""
    text = description.lower()
    has_i = "i-cache" in text and "no i-cache" not in text
    has_d = "d-cache" in text and "no d-cache" not in text
    return {(False, False): "none", (True, False): "I only", (False, True): "D only", (True, True): "I+D"}[
        (has_i, has_d)]


def kernel_gains(run: Run, name: str, criteria: list[dict[str, Any]], baseline: str) -> KernelGains | None:
    """The gains of one run with several CPU variants, or None when it has no baseline variant."""
    table = by_variant(run)
    settings = run.manifest.get("target_settings", {})
    caches = settings.get("caches", {}) if isinstance(settings.get("caches"), dict) else {}
    if baseline not in table:  # another CPU's run (Minerva's): its variant without caches
        baseline = next((v for v in table if caches.get(v) == "none"), baseline)
    if baseline not in table or len(table) < 2:
        return None
    base: dict[str, float] = {}
    for crit in criteria:
        result = table[baseline].get(crit["bench"])
        if result is not None:
            base[crit["study"]] = float(median(result.samples()))
    gains: dict[str, dict[str, float]] = {}
    for variant, results in table.items():
        if variant == baseline:
            continue
        for crit in criteria:
            result = results.get(crit["bench"])
            if result is None or crit["study"] not in base:
                continue
            value = float(median(result.samples()))
            if value > 0:
                gains.setdefault(variant, {})[crit["study"]] = 100.0 * (base[crit["study"]] / value - 1.0)
    kernel = str(run.manifest.get("kernel", {}).get("name", "?"))
    return KernelGains(name, kernel, base, gains, {v: str(caches.get(v, "?")) for v in table})


def confirmation(first: KernelGains, second: KernelGains) -> tuple[bool, str]:
    """Whether `second`'s gains are within CONFIRM_POINTS percentage points of `first`'s on every
    configuration and criterion both have, and the largest difference."""
    diffs = [(abs(second.gains[v][c] - g), v, c) for v, row in first.gains.items() for c, g in row.items()
             if c in second.gains.get(v, {})]
    if not diffs:
        return False, f"{second.kernel} and {first.kernel} share no configuration and criterion"
    worst, variant, criterion = max(diffs)
    verdict = worst < CONFIRM_POINTS
    return verdict, (f"{second.kernel} {'confirms' if verdict else 'does not confirm'} {first.kernel}: "
                     f"largest difference {worst:.0f} percentage points ({criterion} on {variant}; the study's "
                     f"second kernel stayed within {CONFIRM_POINTS:g} %)")


def _base(base: dict[str, Any], key: str) -> str:
    """A baseline figure of the study with its unit (the key's suffix says it)."""
    value = base.get(key)
    if value is None:
        return "-"
    return f"{value:g} us" if key.endswith("_us") else f"{value:g} {key}/s"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:+.0f} %"


def _measure_command(criteria: list[dict[str, Any]], baseline: str) -> str:
    return (f"rtbench run --target vexriscv-sim --cpu-variant {baseline},lite,standard "
            f"--bench {','.join(dict.fromkeys(c['bench'] for c in criteria))}")


def _study_rows(study: dict[str, Any], spec: dict[str, Any], criteria: list[dict[str, Any]]) -> list[list[str]]:
    """The study's baseline and its gain per CPU and cache configuration."""
    base = study.get("baseline", {})
    rows = [[f"study ({study.get('second_kernel', {}).get('first', '?')})", "none (base)", "none"]
            + [_base(base, c.get("study_base", "")) for c in criteria]]
    sizes = spec.get("study_sizes", {})
    for row in study.get("rows", []):
        kind = "I+D" if row["icache"] and row["dcache"] else "I only" if row["icache"] else "D only"
        rows.append([f"study {row['cpu']}", f"{kind}, {sizes.get(row['cpu'], '')}".rstrip(", "), kind]
                    + [_pct(row.get(c["study"])) for c in criteria])
    return rows


def _study_series(study: dict[str, Any], spec: dict[str, Any], criteria: list[dict[str, Any]],
                  labels: dict[str, str]) -> list[Series]:
    sizes = spec.get("study_sizes", {})
    series = []
    for cpu in dict.fromkeys(r["cpu"] for r in study.get("rows", [])):
        for c in criteria:
            points: list[tuple[str, float | None]] = [
                (("I+D" if r["icache"] and r["dcache"] else "I only" if r["icache"] else "D only"), r.get(c["study"]))
                for r in study["rows"] if r["cpu"] == cpu]
            series.append(Series(f"study {cpu} ({sizes.get(cpu, '')})", "study", points, labels[c["study"]]))
    return series


def view(study: dict[str, Any], spec: dict[str, Any], runs: list[Run], names: list[str]) -> StudyView:
    criteria, baseline = spec["criteria"], spec.get("baseline", "minimal")
    labels = {c["study"]: c.get("label", c["study"]) for c in criteria}
    measures = ", ".join(f"{labels[c['study']]} ({c['bench']})" for c in criteria)
    explanation = (f"Gain of each cache configuration over none, in percent (the study's measure: +100 % = twice "
                   f"as fast), for {measures}. "
                   f"rtbench: medians in cycles on each CPU variant of a vexriscv-sim run over the '{baseline}' "
                   "variant's (a Minerva run's: over `minerva`, without caches); one run per kernel.")
    out = StudyView(study=study, shape="cache_gain", explanation=explanation, label_columns=3,
                    left_out_reason="no run measured them on vexriscv-sim CPU variants with and without caches")
    measured = [g for g in (kernel_gains(run, name, criteria, baseline) for run, name in zip(runs, names)) if g]
    # Only the criteria some run measured: none when no run has CPU variants to set against the study's.
    held = [c for c in criteria if any(c["study"] in kg.baseline for kg in measured)]
    out.left_out = [LeftOut(labels[c["study"]], c["bench"]) for c in criteria if c not in held]
    out.measure = _measure_command([c for c in criteria if c not in held], baseline) if out.left_out else ""
    if not held:
        return out
    out.columns = ["source", "caches", "kind"] + [labels[c["study"]] for c in held]
    out.rows = _study_rows(study, spec, held)
    out.series = _study_series(study, spec, held, labels)
    for kg in measured:
        out.rows.append([kg.label, "none (base), cycles", "none"]
                        + [f"{kg.baseline[c['study']]:.0f}" if c["study"] in kg.baseline else "-" for c in held])
        for variant, gains in kg.gains.items():
            kind = caches_kind(kg.caches.get(variant, ""))
            out.rows.append([kg.label, f"{variant}: {kg.caches.get(variant, '?')}", kind]
                            + [_pct(gains.get(c["study"])) for c in held])
        for c in held:
            by_kind = {caches_kind(kg.caches.get(v, "")): g.get(c["study"]) for v, g in reversed(kg.gains.items())}
            points = list(by_kind.items())  # one point per kind: the first variant of that kind
            out.series.append(Series(kg.label, "rtbench", points, labels[c["study"]]))
    verdicts = [confirmation(measured[0], other)[1] for other in measured[1:] if other.kernel != measured[0].kernel]
    if verdicts:
        out.explanation += " " + "; ".join(verdicts) + "."
    elif measured:
        out.explanation += " One kernel only: give a second kernel's run to see whether it confirms the first."
    return out


SHAPES = {"cache_gain": view}  # the view a study.toml names with view_module = "rtbench.analysis.weiss"
