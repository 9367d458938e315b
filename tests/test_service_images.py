# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Which image runs which benchmark: the optional kernel services (event flags, software timers)
cost the other benchmarks on the RTOS kernels, so the benchmarks that need them run in an image
built with the port's services_define. Checked without building: build_image is replaced."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from rtbench.acquire import catalogue, session
from rtbench.acquire.session import RunRequest
from rtbench.paths import Workspace

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
SERVICES = ["flag_set", "flag_wait_wake", "timer_start_stop", "timer_expiry", "timer_create", "timer_delete",
            "mutex_lock_recursive", "mutex_unlock_recursive", "heap_alloc", "heap_free"]


def images(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **request: object) -> list[session._Image]:
    def fake_build(target, kernel, profile, source, workspace, opt_flags, progress, defines):
        return SimpleNamespace(seconds=0.0, defines=tuple(defines), elf=tmp_path / "rtbench.elf")

    monkeypatch.setattr(session, "build_image", fake_build)
    run = RunRequest(**request)  # type: ignore[arg-type]
    plan = session.prepare(run)
    return session._build_images(run, plan, SimpleNamespace(), Workspace(tmp_path), lambda _message: None)


def test_the_flagged_benchmarks_are_the_flag_timer_recursive_mutex_and_heap_ones() -> None:
    assert [b.name for b in catalogue.scan() if b.services] == SERVICES


def test_every_flagged_benchmark_asks_whether_the_image_has_its_service() -> None:
    # Run in an image without the services (or on a kernel without them), it must say
    # `unsupported` with the port's reason, never use what is not there.
    for source in {b.source for b in catalogue.scan() if b.services}:
        text = (FIRMWARE.parent / source).read_text()
        assert re.search(r"rtb_os_service_unsupported\(RTB_SERVICE_(FLAGS|TIMERS|RECURSIVE|HEAP)\)", text), source


def test_rtos_ports_build_the_services_apart_and_posix_always_has_them() -> None:
    defines = {p.parent.name: tomllib.loads(p.read_text()).get("services_define")
               for p in (FIRMWARE / "os").glob("*/os.toml")}
    assert defines == {"freertos": "RTB_WITH_SERVICES", "freertos-hw": "RTB_WITH_SERVICES",
                       "freertos-codesign": "RTB_WITH_SERVICES",
                       "ucos2": "RTB_WITH_SERVICES", "threadx": "RTB_WITH_SERVICES", "asp3": "RTB_WITH_SERVICES",
                       "mtkernel": "RTB_WITH_SERVICES",
                       "posix": None,
                       "linux-rt": None,
                       # NuttX's event objects and watchdogs cost the others nothing: every image.
                       "nuttx": None,
                       # RTEMS's events and timers are in its library: the services file is in every image.
                       "rtems": None}


def test_ucos2_runs_its_plain_image_without_a_benchmark_list(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    plain, services = images(monkeypatch, tmp_path, os="ucos2")
    assert (plain.kind, services.kind) == ("plain", "services")
    # The plain image's share leads the catalogue: it runs as the whole catalogue did, with no
    # list to search before each benchmark (the flagged ones, last, are run there and dropped).
    assert "select" not in plain.options and SERVICES[0] not in [b.name for b in plain.benches]
    assert [b.name for b in services.benches] == SERVICES and services.options["select"] == ",".join(SERVICES)
    assert services.build.defines == ("RTB_WITH_SERVICES",) and plain.build.defines == ()


def test_freertos_has_three_images(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    plain, traced, services = images(monkeypatch, tmp_path, os="freertos")
    assert [i.kind for i in (plain, traced, services)] == ["plain", "instrumented", "services"]
    # sched_decision, in the middle of the catalogue, runs elsewhere: the plain image is told to
    # skip what the others run, a shorter text than the list of what it runs (the guest's options
    # are bounded).
    assert "select" not in plain.options
    assert set(plain.options["skip"].split(",")) == {b.name for b in traced.benches + services.benches}
    assert traced.options["select"] == ",".join(b.name for b in traced.benches)
    assert traced.build.defines == ("RTB_TRACE_SCHED",) and services.build.defines == ("RTB_WITH_SERVICES",)


def test_only_the_images_a_selection_needs_are_built(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (only,) = images(monkeypatch, tmp_path, os="ucos2", bench="timer_s*,timer_e*")
    assert only.kind == "services" and [b.name for b in only.benches] == ["timer_start_stop", "timer_expiry"]
    (plain,) = images(monkeypatch, tmp_path, os="ucos2", bench="sem_take,queue_send_ptr")
    assert plain.kind == "plain" and plain.options["select"] == "sem_take,queue_send_ptr"
    # A selection that leads the catalogue still runs only itself.
    (first,) = images(monkeypatch, tmp_path, os="ucos2", bench="boot_time")
    assert first.options["select"] == "boot_time"


def test_linux_runs_everything_in_one_image(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (plain,) = images(monkeypatch, tmp_path, target="linux")
    assert plain.kind == "plain" and "select" not in plain.options
    assert set(SERVICES) <= {b.name for b in plain.benches}
