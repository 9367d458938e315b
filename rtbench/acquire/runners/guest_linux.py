# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs the catalogue as /init of a Linux guest in QEMU: Debian's kernel package (fetched with
apt, see rtbench.acquire.guest_kernel), an initramfs rtbench writes (the static catalogue binary's
loadable part as /init, its option words in /rtbench.args, the device nodes it needs), the board's serial
console as the sample stream.

Boot time: the A9 global timer counts 10 ns of virtual time from reset, in 64 bits. The image
sends three 64-bit marks as META records (its 32-bit timestamps wrap every 43 s of virtual
time, shorter than the boot): the kernel's timekeeping start (the count at CLOCK_MONOTONIC 0),
/init's main() and rtbench's first task. The runner turns them into the boot_time result and
its phases."""
from __future__ import annotations

import hashlib
import re
import tempfile
from pathlib import Path

from ...errors import RtbenchError
from ...model import Result, Scale
from .. import elf, guest_kernel, initramfs, processes
from ..build import Build
from ..platforms import Target, find_kernel
from . import qemu
from .console import ConsoleRun, Launch, run_console

BOOT_MARKS = ("kernel_start", "init", "first_task")
EXIT_LINE = re.compile(r"rtbench-guest-exit status=(-?\d+)")
PANIC_LINE = re.compile(r"Kernel panic - not syncing: (.*)")
IRQ_BENCHES = ("irq_latency", "irq_task_wake", "tm_irq", "tm_irq_preempt")
IRQ_NOTE = ("benchmark interrupt: user-space route, a POSIX timer (the kernel's hrtimer interrupt, then "
            "its timer softirq thread, signals the handler thread); t_fire is the programmed expiry")


def _initramfs(build: Build, words: list[str]) -> bytes:
    return initramfs.archive([
        initramfs.directory("dev"),
        initramfs.char_device("dev/console", 5, 1),
        initramfs.char_device("dev/mem", 1, 1),
        initramfs.directory("proc"),
        initramfs.directory("sys"),
        initramfs.regular("rtbench.args", (" ".join(words) + "\n").encode()),
        initramfs.regular("init", elf.loadable_file(build.elf), executable=True),
    ])


def boot_marks(meta: dict[str, str]) -> dict[str, int]:
    """The guest's 64-bit boot marks (global timer ticks since reset) from its META records."""
    marks = {}
    for name in BOOT_MARKS:
        value = meta.get(f"target.boot_{name}_ticks", "")
        if value.isdigit():
            marks[name] = int(value)
    return marks


def _boot_result(result: Result, t: dict[str, int], scale: Scale) -> None:
    """Fills the boot_time result the guest left `unsupported` with its boot marks."""
    if set(t) != set(BOOT_MARKS) or not t["kernel_start"] <= t["init"] <= t["first_task"]:
        result.reason = f"the guest's boot marks are incomplete or out of order: {t}"
        return
    result.status, result.reason = "ok", ""
    result.scale, result.overhead_raw = scale, 0
    result.raw_samples = [t["first_task"]]
    result.iterations, result.warmup = 1, 0
    kernel_start = scale.convert(t["kernel_start"])
    init = scale.convert(t["init"] - t["kernel_start"])
    first = scale.convert(t["first_task"] - t["init"])
    result.notes = [
        (f"phase kernel_start: {kernel_start} instructions (reset to the kernel's timekeeping start: QEMU's boot "
         "stub, the zImage decompressor, the kernel's early set-up)"),
        (f"phase init_running: {init} instructions (the kernel's boot to /init's main(), after it mapped the "
         "counter)"),
        (f"phase catalogue_running: {first} instructions (/init's set-up, rtbench's options and threads, to its "
         "first task)"),
        ("64-bit global timer marks sent by the guest; idle time while the kernel waits counts as virtual time, "
         "in instruction periods"),
    ]


def run(target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun:
    if not build.elf.exists():
        raise RtbenchError(f"{build.elf} is missing", "rebuild: rtbench run builds it")
    kernel = find_kernel(str(target.spec.get("guest_kernel", "linux-rt")))
    package = guest_kernel.fetch(kernel)
    workspace_root = launch.workspace or launch.log_path.parent.parent
    guest = guest_kernel.extract(kernel, package, workspace_root)
    spec = target.spec["qemu"]
    words = [f"{key}={value}" for key, value in options.items()]
    if launch.load != "none":
        words.append(f"load={launch.load}")
    append = " ".join(w for w in (str(target.spec.get("append", "console=ttyAMA0")), launch.kernel_args) if w)
    with tempfile.TemporaryDirectory(prefix="rtbench-guest-") as scratch:
        folder = Path(scratch)
        cpio = folder / "initramfs.cpio"
        ramdisk = _initramfs(build, words)
        cpio.write_bytes(ramdisk)
        command = [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"],
                   "-display", "none", "-monitor", "none", "-serial", "stdio",
                   *qemu.icount(spec), "-rtc", "base=2000-01-01T00:00:00,clock=vm",
                   *spec.get("extra", []),
                   "-kernel", str(guest.image), "-dtb", str(guest.device_tree), "-initrd", str(cpio),
                   "-append", append, "-no-reboot"]
        outcome = run_console(command, launch, clean_statuses=(0,))
    # The initramfs is deterministic (fixed order, inodes and times): the image, its options and
    # the guest kernel's package checksum pin what the guest ran.
    details: dict[str, object] = {"guest_kernel": guest.manifest(), "kernel_append": append,
               "initramfs_sha256": hashlib.sha256(ramdisk).hexdigest(),
               "preempt_rt_config": guest.config_value("CONFIG_PREEMPT_RT") or "not set",
               "tick": _tick(guest, append)}
    return _finish(outcome, details)


def _tick(guest: guest_kernel.GuestKernel, append: str) -> str:
    """The guest kernel's tick as built (CONFIG_HZ, its NO_HZ mode) and as booted (nohz=off)."""
    hz = guest.config_value("CONFIG_HZ") or "unknown"
    modes = [m for m in ("NO_HZ_FULL", "NO_HZ_IDLE") if guest.config_value(f"CONFIG_{m}") == "y"]
    if "nohz=off" in append.split():
        return f"{hz} Hz, periodic (nohz=off; built {modes[0] if modes else 'without NO_HZ'})"
    return f"{hz} Hz, " + (f"stopped while idle ({modes[0]})" if modes else "periodic (built without NO_HZ)")


def _finish(outcome: ConsoleRun, details: dict[str, object]) -> ConsoleRun:
    """The guest's exit status (from its exit line), boot_time from its marks, the notes of the
    interrupt benchmarks, and the runner's facts for the manifest."""
    try:
        console = outcome.log_path.read_text(errors="replace")
    except OSError:
        console = ""
    exits = EXIT_LINE.findall(console)
    panic = PANIC_LINE.search(console)
    if exits and outcome.end_reason is None:
        outcome.exit_status = int(exits[-1])
    elif outcome.end_reason is None:
        outcome.end_reason = ("the guest kernel panicked: " + panic.group(1).strip()) if panic else \
            "the guest powered off without rtbench's exit line"
        outcome.capture.errors.append(outcome.end_reason)
    marks = boot_marks(outcome.capture.meta)
    for result in outcome.capture.results:
        if result.bench == "boot_time" and result.status == "unsupported":
            _boot_result(result, marks, result.scale)
        if result.bench in IRQ_BENCHES:
            result.notes.append(IRQ_NOTE)
    outcome.details = {**details, "boot_marks_ticks": marks}
    return outcome


def describe(target: Target) -> dict[str, str]:
    spec = target.spec["qemu"]
    version = processes.run([spec["binary"], "--version"], timeout=30).stdout.splitlines()
    return {"name": "qemu (Linux guest)", "version": version[0] if version else "unknown",
            "machine": spec["machine"], "cpu": spec["cpu"], "timing": f"-icount {spec['icount']}",
            "serialised": qemu.RECORD[0],
            "append": str(target.spec.get("append", ""))}
