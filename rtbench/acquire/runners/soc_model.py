# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Simulation models of the vexriscv-sim SoC: one Verilator build per CPU variant, cached in the
workspace under a key of everything that changes the hardware (package versions, Verilator,
the variant and rtbench's SoC scripts and simulation loop)."""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...errors import RtbenchError
from .. import cpu_config, cpu_rtl, platforms, processes
from ..build_once import build_once
from ..platforms import Target

BUILD_TIMEOUT = 1800  # seconds; a build takes about a minute on an idle 2-core machine (two compilations)


@dataclass(frozen=True)
class Model:
    variant: str
    directory: Path  # holds csr.json and gateware/ with the compiled model
    blocks: tuple[str, ...] = ()  # optional SoC blocks it has (rtb_soc.py --blocks)

    @property
    def gateware(self) -> Path:
        return self.directory / "gateware"

    @property
    def binary(self) -> Path:
        return self.gateware / "obj_dir" / "Vsim"


def _package_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "missing"


def verilator_version() -> str:
    try:
        return subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout.strip() or "unknown"
    except OSError:
        return "missing"


def _cpu_spec(target: Target, variant: str | None) -> dict:
    """A configurable CPU's entry in the target's spec (empty for the target's own CPU)."""
    configurable = target.spec.get("variants", {}).get("configurable", {})
    return dict(configurable.get((variant or "").split(":", 1)[0], {}))


def versions(target: Target, variant: str | None = None) -> dict[str, str]:
    """The versions a model (of `variant`) depends on, for the manifest and the cache key: the
    SoC's packages, a configurable CPU's (Minerva's generator) or its Verilog's hash (Hazard3's
    checkout), Verilator's."""
    spec = _cpu_spec(target, variant)
    packages = [*target.spec["soc"]["packages"], *spec.get("packages", [])]
    found = {name: _package_version(name) for name in packages}
    if spec.get("rtl") == "hazard3":
        found[cpu_rtl.HAZARD3_KEY] = cpu_rtl.hazard3_version()
    found["verilator"] = verilator_version()
    return found


def soc_script(target: Target) -> Path:
    return target.folder / target.spec["soc"]["script"]


def _soc_sources(target: Target) -> list[Path]:
    """The SoC's scripts and its simulation loop: a change to any of them is another model."""
    folder = soc_script(target).parent
    return sorted([*folder.glob("*.py"), *folder.glob("*.cpp"), *folder.glob("*.h")])


def _key(target: Target, variant: str, blocks: tuple[str, ...]) -> str:
    digest = hashlib.sha256(json.dumps(versions(target, variant), sort_keys=True).encode())
    digest.update(variant.encode() + "".join(f"+{block}" for block in blocks).encode())
    for source in _soc_sources(target):
        digest.update(source.name.encode() + source.read_bytes())
    return digest.hexdigest()[:12]


def _file_name(variant: str) -> str:
    """A variant's name as a directory name (minerva:icache=2K -> minerva_icache-2K)."""
    return variant.replace(":", "_").replace("=", "-")


def check_variant(target: Target, variant: str) -> None:
    platforms.target_variants(target, [variant])


def ensure_model(target: Target, variant: str, models_dir: Path, progress: Callable[[str], None],
                 training: str | None = None, blocks: tuple[str, ...] = ()) -> Model:
    """The compiled model for `variant` with the optional `blocks` a kernel asked for, built now
    if the cache has none; profile-guided on `training` (a main-RAM init file's text) if given.
    The profile only makes the model faster: what it computes is the same whatever it was
    trained on."""
    check_variant(target, variant)
    variant = cpu_config.hardware_variant(variant)  # the variants that differ in their isa share it
    missing = [name for name, version in versions(target, variant).items() if version == "missing"]
    if cpu_rtl.HAZARD3_KEY in missing:
        raise RtbenchError(f"the {target.name} target simulates its {variant} SoC from Hazard3's Verilog",
                           cpu_rtl.missing_hint())
    if missing:
        raise RtbenchError(f"{', '.join(missing)} not installed: the {target.name} target simulates its "
                           f"{variant} SoC with them", "run scripts/setup.sh --part soc")
    flavour = _file_name(variant) + "".join(f"+{block}" for block in blocks)
    model = Model(variant, models_dir / f"{target.name}-{flavour}-{_key(target, variant, blocks)}", blocks)
    # Concurrent runs share the cache: one builds, the others wait and use its model.
    build_once(model.binary, model.directory.with_name(model.directory.name + ".lock"),
               lambda: _build(target, model, progress, training),
               lambda: progress("model   waiting for another rtbench process building the same model"))
    return model


def _build(target: Target, model: Model, progress: Callable[[str], None], training: str | None) -> None:
    """Build the model in a private scratch directory, then move it into place."""
    variant = model.variant
    what = variant + "".join(f" + {block}" for block in model.blocks)
    progress(f"model   building the {what} SoC model with Verilator (about a minute, once per variant)")
    started = time.monotonic()
    scratch = model.directory.with_name(model.directory.name + f".tmp{os.getpid()}")
    shutil.rmtree(scratch, ignore_errors=True)
    # The SoC's software carries a build time unless this is fixed; it would shift cycle counts.
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    rtl = cpu_rtl.locate_hazard3()
    if _cpu_spec(target, variant).get("rtl") == "hazard3" and rtl is not None:
        env[cpu_rtl.HAZARD3_ENV] = str(rtl)
    command = [sys.executable, str(soc_script(target)), "--variant", variant, "--out", str(scratch), "--build",
               "--cpu-cache", str(scratch.parent / "cpu-verilog")]
    if model.blocks:
        command += ["--blocks", ",".join(model.blocks)]
    if variant.split(":", 1)[0] in platforms.configurable_cpus(target):
        command += ["--cpu-config", json.dumps(cpu_config.parse(variant).as_dict())]
    if training is not None:
        scratch.mkdir(parents=True)
        (scratch / "training.init").write_text(training)
        command += ["--train", str(scratch / "training.init")]
    try:
        proc = processes.run(command, env=env, timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        shutil.rmtree(scratch, ignore_errors=True)
        raise RtbenchError(f"building the {variant} SoC model took longer than {BUILD_TIMEOUT} s",
                           "is the machine overloaded? try again") from None
    except BaseException:  # interrupted: leave no half-built model behind
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        shutil.rmtree(scratch, ignore_errors=True)
        raise RtbenchError(f"building the {variant} SoC model failed:\n{tail}",
                           "check that verilator, libevent-dev, libjson-c-dev and zlib1g-dev are installed "
                           "(scripts/setup.sh --part soc)")
    shutil.rmtree(model.directory, ignore_errors=True)
    scratch.rename(model.directory)
    progress(f"model   {variant} built in {time.monotonic() - started:.0f} s")
