# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Targets and kernel ports as their folders describe them (target.toml, os.toml)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import firmware_dir
from ..suggest import unknown_hint
from . import cpu_config, toolchain_folder


@dataclass(frozen=True)
class Described:
    """A firmware folder with the host-side description file beside its sources."""

    name: str
    folder: Path
    spec: dict[str, Any]

    @property
    def summary(self) -> str:
        return str(self.spec.get("summary", ""))


class Target(Described):
    @property
    def arch(self) -> str:
        return str(self.spec["arch"])

    @property
    def runner(self) -> str:
        return str(self.spec["runner"])


class Kernel(Described):
    @property
    def profiles(self) -> list[str]:
        return list(self.spec.get("profiles", ["default"]))

    def runs_on(self, target: Target) -> bool:
        """The port builds for the target's core, and the target takes it: a target whose machine
        the ports for that core do not all know (a board family) names the ones it runs."""
        ported = target.spec.get("ported_kernels")
        return target.arch in self.spec.get("architectures", []) and (ported is None or self.name in ported)

    def profile_runs_on(self, profile: str, target: Target) -> bool:
        """Whether the port can build `profile` for the target (os.toml profile_architectures)."""
        limited = self.spec.get("profile_architectures", {}).get(profile)
        return limited is None or target.arch in limited


def check_runs_on(kernel: Kernel, target: Target) -> None:
    """A kernel whose port does not run on the target is refused, saying which ones do."""
    if kernel.runs_on(target):
        return
    ported = target.spec.get("ported_kernels")
    if ported is not None and target.arch in kernel.spec.get("architectures", []):
        raise RtbenchError(f"the {kernel.name} port is not ported to {target.folder.name}'s machines",
                           f"kernels there: {', '.join(ported)}")
    raise RtbenchError(f"the {kernel.name} port does not support {target.name} ({target.arch})")


def _load(folder: Path, file_name: str) -> dict[str, Any]:
    path = folder / file_name
    try:
        return tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise RtbenchError(f"{path} is missing") from None
    except tomllib.TOMLDecodeError as err:
        raise RtbenchError(f"{path} is not valid TOML: {err}") from None


def targets() -> list[Target]:
    root = firmware_dir() / "targets"
    return [Target(d.name, d, _load(d, "target.toml")) for d in sorted(root.iterdir()) if (d / "target.toml").exists()]


def kernels() -> list[Kernel]:
    root = firmware_dir() / "os"
    return [Kernel(d.name, d, _load(d, "os.toml")) for d in sorted(root.iterdir()) if (d / "os.toml").exists()]


def find_target(name: str) -> Target:
    for target in targets():
        if target.name == name:
            return target
    raise RtbenchError(f"unknown target '{name}'", unknown_hint(name, [t.name for t in targets()], "known targets"))


def find_kernel(name: str) -> Kernel:
    for kernel in kernels():
        if kernel.name == name:
            return kernel
    raise RtbenchError(f"unknown kernel '{name}'", unknown_hint(name, [k.name for k in kernels()], "known kernels"))


def check_profile(kernel: Kernel, profile: str) -> None:
    if profile not in kernel.profiles:
        raise RtbenchError(f"{kernel.name} has no profile '{profile}'",
                           unknown_hint(profile, kernel.profiles, "its profiles"))


def for_kernel(target: Target, kernel: Kernel) -> Target:
    """The target as it builds and runs `kernel`: its `[kernels.<name>]` table (another
    toolchain, runner or settings for a kernel that needs them, such as a Linux guest) merged
    over its own description; a toolchain in a folder of its own (RTEMS's) named by its paths."""
    override = target.spec.get("kernels", {}).get(kernel.name)
    if not override:
        return target
    spec = {**target.spec, **override}
    for table in ("run", "qemu"):
        if table in override:
            spec[table] = {**target.spec.get(table, {}), **override[table]}
    return Target(target.name, target.folder, toolchain_folder.resolved(spec))


def default_kernel(target: Target) -> Kernel:
    """The kernel a target runs when none is named: its `default_os`, else the only port for it."""
    named = target.spec.get("default_os")
    if named:
        return find_kernel(str(named))
    fitting = [k for k in kernels() if k.runs_on(target)]
    if len(fitting) != 1:
        raise RtbenchError(f"target {target.name} has {'no' if not fitting else 'several'} kernel ports",
                           "name one with --os: " + ", ".join(k.name for k in kernels()))
    return fitting[0]


def variant_option(target: Target) -> str:
    """The result parameter that names a hardware variant (e.g. cpu_variant)."""
    return str(target.spec.get("variants", {}).get("option", "variant"))


def target_variants(target: Target, wanted: list[str]) -> list[str]:
    """The hardware variants to run on: those asked for, else the target's default; none when
    the target has no variants."""
    spec = target.spec.get("variants")
    if not spec:
        if wanted:
            raise RtbenchError(f"{target.name} has no hardware variants to choose from",
                               "targets with variants: " + ", ".join(t.name for t in targets() if "variants" in t.spec))
        return []
    chosen = [_canonical_variant(target, v) for v in (wanted or [str(spec["default"])])]
    unknown = [v for v in chosen if v not in spec["choices"] and v.split(":", 1)[0] not in configurable_cpus(target)]
    if unknown:
        raise RtbenchError(f"{target.name} has no variant {', '.join(unknown)}",
                           unknown_hint(unknown[0], variant_names(target), "its variants"))
    if len(set(chosen)) != len(chosen):
        raise RtbenchError("a variant is named twice")
    families = sorted({variant_cpu(target, v) for v in chosen})
    if len(families) > 1:
        raise RtbenchError(f"one run takes one CPU's variants, not {' and '.join(families)}'s",
                           "the image is compiled for its CPU's interrupt registers: run each CPU's "
                           "variants in a run of their own")
    isas = sorted({_isa(target, v) for v in chosen})
    if len(isas) > 1:
        raise RtbenchError(f"one run builds one image, not one for each of {' and '.join(isas)}",
                           "run the variants of each isa in a run of their own")
    return chosen


def variant_names(target: Target) -> list[str]:
    """The names --cpu-variant takes on the target: its variants, then its configurable CPUs."""
    spec = target.spec.get("variants", {})
    return [str(v) for v in spec.get("choices", [])] + configurable_cpus(target)


def _isa(target: Target, variant: str) -> str:
    """The ISA a variant's image is built for (the target's own where the variant has no `isa`)."""
    if variant.split(":", 1)[0] in configurable_cpus(target):
        return cpu_config.parse(variant).isa or "the target's"
    return "the target's"


def configurable_cpus(target: Target) -> list[str]:
    """CPUs whose variants carry settings (`minerva:icache=2K`), as the target's spec names them."""
    return [str(cpu) for cpu in target.spec.get("variants", {}).get("configurable", {})]


def _canonical_variant(target: Target, variant: str) -> str:
    if variant.split(":", 1)[0] in configurable_cpus(target):
        return cpu_config.parse(variant).name
    return variant


def variant_cpu(target: Target, variant: str) -> str:
    """The CPU a variant runs (its configurable CPU, else the target's own, spec `cpu`)."""
    if variant.split(":", 1)[0] in configurable_cpus(target):
        return variant.split(":", 1)[0]
    return str(target.spec.get("variants", {}).get("cpu", target.name))


def cpu_defines(target: Target, variants: list[str]) -> tuple[str, ...]:
    """The image definitions for a configurable CPU's variants (its interrupt registers differ),
    and for the ISA they build for when it is not the CPU's default (RTB_ISA_RV32IMC)."""
    configurable = target.spec.get("variants", {}).get("configurable", {})
    cpus = {variant_cpu(target, v) for v in variants}
    defines = [str(configurable[cpu]["define"]) for cpu in sorted(cpus) if cpu in configurable]
    isas = {cpu_config.parse(v).isa_define for v in variants if v.split(":", 1)[0] in configurable}
    return (*defines, *sorted(d for d in isas if d))


def describe_variants(target: Target, variants: list[str]) -> dict[str, object]:
    """Manifest entries: which variants ran and what each one has (its caches)."""
    caches = target.spec.get("variants", {}).get("caches", {})
    described: dict[str, object] = {variant_option(target): variants[0] if len(variants) == 1 else list(variants),
                                    "caches": {v: caches.get(v, "unknown") for v in variants}}
    configured = {v: cpu_config.parse(v) for v in variants if v.split(":", 1)[0] in configurable_cpus(target)}
    if configured:
        described["caches"] = {v: configured[v].describe() if v in configured else caches.get(v, "unknown")
                               for v in variants}
        described["cpu_config"] = {v: config.as_dict() for v, config in configured.items()}
    return described


def counter_defines(target: Target, count: str | None, variants: list[str]) -> tuple[str, ...]:
    """The image definitions that make the timestamps count `count` (None: the target's unit)."""
    if count is None or count == target.spec.get("unit"):
        return ()
    counters = target.spec.get("counters", {})
    if count not in counters:
        offered = [str(target.spec.get("unit"))] + list(counters)
        raise RtbenchError(f"{target.name} cannot count {count}", "it counts: " + ", ".join(offered))
    allowed = counters[count].get("variants")
    if allowed is not None:
        bad = [v for v in variants if v not in allowed]
        if bad:
            raise RtbenchError(f"the {', '.join(bad)} variant cannot count {count}",
                               f"use --cpu-variant {','.join(allowed)}")
    return (str(counters[count]["define"]),)
