# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench doctor: real tools, real compiles and links; what is missing is named with what to install."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rtbench.acquire import doctor
from rtbench.acquire.platforms import find_kernel, find_target, for_kernel, kernels, targets
from tests.parts import need


def test_every_part_is_ready_after_setup_all() -> None:
    """What scripts/setup.sh --all installs (the README's test command): the linux-rt guest's
    static glibc link among it (a fresh machine lacked libc6-dev-armhf-cross, which the cross
    compiler only recommends)."""
    proc = subprocess.run([sys.executable, "-m", "rtbench", "doctor", "--all"], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for target in targets():
        assert f"target {target.name}" in proc.stdout
    for kernel in kernels():
        assert f"kernel {kernel.name}" in proc.stdout
    assert "every part is ready" in proc.stdout


def test_every_toolchain_has_a_link_probe() -> None:
    for target in targets():
        assert target.spec.get("doctor", {}).get("probe"), f"{target.name} has no [[doctor.probe]]"
    guest = for_kernel(find_target("qemu-a9"), find_kernel("linux-rt"))
    (probe,) = guest.spec["doctor"]["probe"]
    assert "-static" in probe["flags"] and "libc6-dev-armhf-cross" in probe["packages"]


def test_a_probe_that_cannot_compile_names_its_packages() -> None:
    check = doctor.probe_check({"what": "a library rtbench never needs", "includes": ["rtbench_no_such_header.h"],
                                "packages": ["librtbench-nothing-dev"]}, "gcc")
    assert not check.ok
    assert "rtbench_no_such_header.h" in check.detail
    assert "apt-get install librtbench-nothing-dev" in check.fix


def test_a_probe_that_cannot_link_is_not_ready() -> None:
    check = doctor.probe_check({"libraries": ["-lrtbench_no_such_library"], "packages": ["libnothing-dev"]}, "gcc")
    assert not check.ok and "rtbench_no_such_library" in check.detail


def test_a_missing_tool_names_its_package() -> None:
    check = doctor.tool_check("rtbench-no-such-tool", "rtbench-package")
    assert not check.ok and check.fix == "run scripts/setup.sh, or apt-get install rtbench-package"


def test_a_kernel_only_the_user_can_give_is_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UCOS2_PATH", raising=False)
    part = doctor.part("kernel", "ucos2")
    assert part.optional and not part.ready
    assert "UCOS2_PATH" in part.reason and "weston-embedded/uC-OS2" in part.reason
    assert not doctor.part("kernel", "freertos").optional


def test_a_given_kernel_tree_is_ready() -> None:
    need("kernel", "ucos2")
    part = doctor.part("kernel", "ucos2")
    assert part.ready and "V2.93" in part.checks[0].detail


def test_a_tree_that_is_not_the_kernel_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("THREADX_PATH", str(tmp_path))
    part = doctor.part("kernel", "threadx")
    assert not part.ready and "not a threadx source tree" in part.reason


def test_the_soft_cores_other_cpus_are_checked_by_their_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Minerva and CV32E40P are ready when their generators' packages are installed (setup.sh
    --all installs them); a missing one is named with the extra that installs it. Minerva's
    amaranth-soc comes from no registry, so its tests skip without it; CV32E40P's fail."""
    parts = {p.name: p for p in doctor.cpu_parts(find_target("vexriscv-sim"))}
    assert set(parts) == {"vexriscv-sim minerva", "vexriscv-sim cv32e40p", "vexriscv-sim hazard3"}
    packaged = [p for name, p in parts.items() if name != "vexriscv-sim hazard3"]
    assert all(p.ready for p in packaged), [p.reason for p in packaged]
    assert parts["vexriscv-sim minerva"].optional and not parts["vexriscv-sim cv32e40p"].optional
    assert "pythondata-cpu-minerva" in parts["vexriscv-sim minerva"].checks[0].detail
    real = doctor.importlib.metadata.version

    def without_cv32e40p(name: str) -> str:
        if name == "pythondata-cpu-cv32e40p":
            raise doctor.importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(doctor.importlib.metadata, "version", without_cv32e40p)
    part = doctor.part("cpu", "vexriscv-sim cv32e40p")
    assert not part.ready and "rtbench[cv32e40p]" in part.reason and "pythondata-cpu-cv32e40p" in part.reason
    assert "scripts/setup.sh --part cv32e40p" in part.reason


def test_hazard3_is_checked_by_its_verilog_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Hazard3 comes from a Verilog checkout, not a package: ready with its content hash where
    RTBENCH_HAZARD3 (or the copy beside the checkout, or the set-up's clone) has it; without
    one, optional (its tests skip), and the reason names the set-up part and the variable."""
    empty = tmp_path / "not-hazard3"
    empty.mkdir()
    monkeypatch.setenv("RTBENCH_HAZARD3", str(empty))
    part = doctor.part("cpu", "vexriscv-sim hazard3")
    assert not part.ready and part.optional and part.setup == "hazard3"
    assert "scripts/setup.sh --part hazard3" in part.reason and "RTBENCH_HAZARD3" in part.reason
    fake = tmp_path / "hazard3"
    (fake / "hdl").mkdir(parents=True)
    for name, text in (("hazard3.f", "file hazard3_cpu_2port.v\n"), ("hazard3_cpu_2port.v", "module m; endmodule\n")):
        (fake / "hdl" / name).write_text(text)
    monkeypatch.setenv("RTBENCH_HAZARD3", str(fake))
    part = doctor.part("cpu", "vexriscv-sim hazard3")
    assert part.ready and part.checks[0].detail.startswith("sha256:")
