# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The guest-linux runner's host side: boot marks into boot_time, the guest's exit line."""
from __future__ import annotations

from pathlib import Path

from rtbench.acquire.protocol import Capture
from rtbench.acquire.runners import guest_linux
from rtbench.acquire.runners.console import ConsoleRun
from rtbench.model import Result, Scale

SCALE = Scale("instructions", 5, 16)  # 10 ns ticks, 32 ns per instruction (icount shift=5)
MARKS = {"target.boot_kernel_start_ticks": "26565093062", "target.boot_init_ticks": "29534937246",
         "target.boot_first_task_ticks": "29814288875"}


def unsupported_boot() -> Result:
    return Result(bench="boot_time", params={}, unit="instructions", status="unsupported", reason="marks",
                  scale=SCALE)


def test_boot_marks_become_boot_time_and_its_phases() -> None:
    result = unsupported_boot()
    guest_linux._boot_result(result, guest_linux.boot_marks(MARKS), SCALE)
    assert result.status == "ok"
    assert result.samples() == [round(29814288875 * 5 / 16)]
    phases = {note.split(":")[0].removeprefix("phase "): int(note.split(": ")[1].split()[0])
              for note in result.notes if note.startswith("phase ")}
    assert phases == {"kernel_start": round(26565093062 * 5 / 16),
                      "init_running": round((29534937246 - 26565093062) * 5 / 16),
                      "catalogue_running": round((29814288875 - 29534937246) * 5 / 16)}


def test_incomplete_or_disordered_marks_leave_boot_time_unsupported() -> None:
    for meta in ({k: v for k, v in MARKS.items() if "init" not in k},
                 {**MARKS, "target.boot_init_ticks": "1"}):
        result = unsupported_boot()
        guest_linux._boot_result(result, guest_linux.boot_marks(meta), SCALE)
        assert result.status == "unsupported" and "boot marks" in result.reason


def test_the_exit_line_is_the_guest_status(tmp_path: Path) -> None:
    log = tmp_path / "console.log"
    log.write_text("[   30.1] something\nrtbench-guest-exit status=1\n[   36.8] reboot: Power down\n")
    outcome = ConsoleRun(Capture(), 0, None, log, 1.0, [])
    done = guest_linux._finish(outcome, {"kernel_append": "console=ttyAMA0"})
    assert done.exit_status == 1 and done.end_reason is None
    assert done.details == {"kernel_append": "console=ttyAMA0", "boot_marks_ticks": {}}
    log.write_text("Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b\n")
    outcome = ConsoleRun(Capture(), 0, None, log, 1.0, [])
    done = guest_linux._finish(outcome, {})
    assert done.end_reason is not None and "Attempted to kill init" in done.end_reason



def test_a_damaged_extracted_kernel_is_extracted_again(tmp_path: Path) -> None:
    """The extracted image is checked against the hashes taken when it was extracted: a
    truncated or edited vmlinuz is replaced from the checked .deb, never booted."""
    from rtbench.acquire import guest_kernel, platforms
    from rtbench.acquire.provenance import file_sha256
    from tests.parts import need

    need("kernel", "linux-rt")
    kernel = platforms.find_kernel("linux-rt")
    package = guest_kernel.cached(kernel)
    assert package is not None, "scripts/setup.sh fetches the package"
    first = guest_kernel.extract(kernel, package, tmp_path)
    good = file_sha256(first.image)
    first.image.write_bytes(first.image.read_bytes()[:1000])  # a damaged copy
    again = guest_kernel.extract(kernel, package, tmp_path)
    assert again.image == first.image and file_sha256(again.image) == good
