# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Configurable CPU variants on the soft-core (`minerva:icache=2K:dcache=1K`): the settings the
core can be generated with are accepted under one canonical name, every other is refused with
the reason, before anything is built; the command line exits 2 without a traceback."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rtbench.acquire import cpu_config, platforms
from rtbench.acquire.runners.soc_model import versions
from rtbench.errors import RtbenchError

SOFT_CORE = platforms.find_target("vexriscv-sim")


def test_settings_give_minervas_geometry_and_one_name() -> None:
    config = cpu_config.parse("minerva:dcache=1K:icache=8KiB:icache_ways=2:icache_line=32")
    assert config.name == "minerva:icache=8K:icache_ways=2:icache_line=32:dcache=1K"
    assert config.as_dict() == {"cpu": "minerva",
                                "icache": {"bytes": 8192, "ways": 2, "line_bytes": 32, "lines_per_way": 128},
                                "dcache": {"bytes": 1024, "ways": 1, "line_bytes": 16, "lines_per_way": 64}}
    assert cpu_config.parse("minerva").as_dict() == {"cpu": "minerva", "icache": None, "dcache": None}
    assert cpu_config.parse("minerva:icache=0").name == "minerva"


@pytest.mark.parametrize("variant,why", [
    ("minerva:icache=3K", "not a power of two"),
    ("minerva:dcache=128K", "not a power of two up to 64K"),
    ("minerva:icache=big", "not a size"),
    ("minerva:icache=2K:icache=1K", "set twice"),
    ("minerva:l2=4K", "unknown setting 'l2'"),
    ("minerva:icache", "not KEY=VALUE"),
    ("minerva:dcache_ways=2", "need a dcache size"),
    ("minerva:icache=2K:icache_ways=4", "icache_ways is one of 1, 2"),
    ("minerva:dcache=1K:dcache_line=24", "dcache_line is one of 16, 32, 64"),
    ("minerva:icache=16:icache_ways=2", "cannot hold 2 way"),
])
def test_bad_settings_are_refused_with_the_reason(variant: str, why: str) -> None:
    with pytest.raises(RtbenchError, match=why) as refused:
        cpu_config.parse(variant)
    assert "powers of two" in (refused.value.hint or "")


def test_the_target_takes_named_and_configured_variants_not_both() -> None:
    chosen = platforms.target_variants(SOFT_CORE, ["minerva", "minerva:dcache=1K:icache=2K"])
    assert chosen == ["minerva", "minerva:icache=2K:dcache=1K"]
    assert platforms.cpu_defines(SOFT_CORE, chosen) == ("RTB_CPU_MINERVA",)
    assert platforms.cpu_defines(SOFT_CORE, ["minimal", "standard"]) == ()
    with pytest.raises(RtbenchError, match="one CPU's variants"):
        platforms.target_variants(SOFT_CORE, ["minimal", "minerva"])
    with pytest.raises(RtbenchError, match="named twice"):
        platforms.target_variants(SOFT_CORE, ["minerva:icache=2K:dcache=1K", "minerva:dcache=1K:icache=2K"])
    described = platforms.describe_variants(SOFT_CORE, ["minerva", "minerva:icache=2K"])
    assert described["caches"] == {"minerva": "none",
                                   "minerva:icache=2K": "2 KiB (direct-mapped, 16-byte lines) I-cache"}
    assert described["cpu_config"]["minerva:icache=2K"]["icache"]["bytes"] == 2048  # type: ignore[index]


def test_only_minervas_models_depend_on_its_generator() -> None:
    assert "pythondata-cpu-minerva" in versions(SOFT_CORE, "minerva:icache=2K")
    assert "pythondata-cpu-minerva" not in versions(SOFT_CORE, "standard")


def test_a_bad_variant_exits_2_with_advice(tmp_path) -> None:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "run", "--target",
                           "vexriscv-sim", "--cpu-variant", "minerva,minerva:icache=3K"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "icache=3K is not a power of two" in proc.stderr and "Traceback" not in proc.stderr


def test_cv32e40p_and_hazard3_take_an_isa_and_a_bus() -> None:
    """No caches: the ISA the image is built for and the memory path. The defaults are left out
    of the name (plain `cv32e40p` is the rv32i image on zero-wait RAM); the hardware, the model
    the variant runs on, is the name without the ISA."""
    assert cpu_config.parse("cv32e40p").as_dict() == {"cpu": "cv32e40p", "icache": None, "dcache": None,
                                                      "isa": "rv32i", "bus": "sram"}
    config = cpu_config.parse("cv32e40p:bus=Wishbone:isa=rv32imc")
    assert (config.name, config.hardware, config.isa_define) == (
        "cv32e40p:isa=rv32imc:bus=wishbone", "cv32e40p:bus=wishbone", "RTB_ISA_RV32IMC")
    assert cpu_config.hardware_variant("hazard3:isa=rv32i") == "hazard3"
    assert cpu_config.hardware_variant("standard") == "standard"
    assert cpu_config.parse("hazard3").isa == "rp2350" and cpu_config.parse("hazard3").isa_define is None
    for variant, why in (("cv32e40p:icache=2K", "unknown setting 'icache'"), ("hazard3:isa=rv64i", "isa is one of"),
                         ("cv32e40p:isa=rp2350", "isa is one of rv32i, rv32imc"), ("hazard3:bus=axi", "bus is one of")):
        with pytest.raises(RtbenchError, match=why) as refused:
            cpu_config.parse(variant)
        assert "default" in (refused.value.hint or "")
    assert platforms.cpu_defines(SOFT_CORE, platforms.target_variants(SOFT_CORE, ["cv32e40p"])) == ("RTB_CPU_CV32E40P",)
    assert platforms.cpu_defines(SOFT_CORE, ["cv32e40p:isa=rv32imc", "cv32e40p:isa=rv32imc:bus=wishbone"]) == (
        "RTB_CPU_CV32E40P", "RTB_ISA_RV32IMC")
    assert platforms.cpu_defines(SOFT_CORE, ["hazard3:isa=rv32i"]) == ("RTB_CPU_HAZARD3", "RTB_ISA_RV32I")
    with pytest.raises(RtbenchError, match="one CPU's variants"):
        platforms.target_variants(SOFT_CORE, ["minerva", "cv32e40p"])
    with pytest.raises(RtbenchError, match="one image, not one for each of rv32i and rv32imc"):
        platforms.target_variants(SOFT_CORE, ["cv32e40p", "cv32e40p:isa=rv32imc"])
    both_buses = ["hazard3", "hazard3:bus=wishbone"]
    assert platforms.target_variants(SOFT_CORE, both_buses) == both_buses
    assert "pythondata-cpu-cv32e40p" in versions(SOFT_CORE, "cv32e40p")
    assert "pythondata-cpu-cv32e40p" not in versions(SOFT_CORE, "minerva")
    assert "hazard3-rtl" in versions(SOFT_CORE, "hazard3") and "hazard3-rtl" not in versions(SOFT_CORE, "cv32e40p")
