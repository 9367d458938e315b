# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Reading a guest's console line by line with a watchdog, whatever process produces it."""
from __future__ import annotations

import queue
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from .. import interrupts, processes
from ..protocol import Capture, Record, StreamParser

OnRecord = Callable[[Record], None]


def _quiet(_message: str) -> None:
    pass


@dataclass(frozen=True)
class Launch:
    """How one run of an image is started and watched; each runner reads what applies to it."""

    log_path: Path
    timeout: float  # seconds the whole run may take
    silence: float  # seconds without output before the guest counts as hung
    on_record: OnRecord
    load: str = "none"  # host runners: background load beside the image
    variant: str | None = None  # the hardware variant to run on (litex-sim: the CPU variant)
    models_dir: Path | None = None  # where simulation models are cached
    workspace: Path | None = None  # the workspace's root (a guest kernel is extracted there)
    kernel_args: str = ""  # guest-linux: words the kernel's profile adds to its command line
    emulator_args: tuple[str, ...] = ()  # qemu: options before the image (the timing model's -plugin)
    progress: Callable[[str], None] = _quiet


@dataclass
class ConsoleRun:
    capture: Capture
    exit_status: int | None  # None when rtbench had to stop the process
    end_reason: str | None  # why the stream ended abnormally, or None
    log_path: Path
    seconds: float
    command: list[str]
    interrupted: BaseException | None = None  # the interrupt (Ctrl-C, SIGTERM) that stopped the run
    details: dict[str, object] = field(default_factory=dict)  # the runner's own facts, for the manifest


class ConsoleLog:
    """The raw console, kept for the user. A full disk stops the log, never the measurement."""

    def __init__(self, path: Path) -> None:
        self.problem: str | None = None
        self._file: IO[str] | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("w")
        except OSError as err:
            self.problem = f"the console log {path} could not be written: {err.strerror or err}"

    def write(self, line: str) -> None:
        if self._file is None:
            return
        try:
            self._file.write(line)
        except OSError as err:
            self.problem = f"the console log {self._file.name} is incomplete: {err.strerror or err}"
            self.close()

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()  # flushes: a full disk shows here
            except OSError as err:
                self.problem = self.problem or f"the console log {self._file.name} is incomplete: " \
                                               f"{err.strerror or err}"
            self._file = None


def _pump(stream: IO[bytes], lines: queue.Queue[str | None]) -> None:
    for raw in iter(stream.readline, b""):
        lines.put(raw.decode("utf-8", errors="replace"))
    lines.put(None)


def run_console(command: list[str], launch: Launch, clean_statuses: tuple[int, ...] = (0, 1),
                cwd: Path | None = None) -> ConsoleRun:
    """Runs `command`, parsing its stdout as the sample stream. The process is stopped when it
    prints nothing for `launch.silence` seconds or runs longer than `launch.timeout` seconds in
    total. An interrupt (KeyboardInterrupt, which SIGTERM also raises in rtbench) stops it too,
    and the run returns what was measured so far with `interrupted` set; the process never
    outlives this call."""
    log_path = launch.log_path
    log = ConsoleLog(log_path)
    parser = StreamParser()
    started = time.monotonic()
    end_reason: str | None = None
    interrupted: BaseException | None = None
    lines: queue.Queue[str | None] = queue.Queue()
    errors: list[bytes] = []
    proc = processes.popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           cwd=cwd)
    with processes.owned(proc):
        try:
            stdout_pipe, stderr_pipe = proc.stdout, proc.stderr
            assert stdout_pipe is not None and stderr_pipe is not None
            threading.Thread(target=_pump, args=(stdout_pipe, lines), daemon=True).start()
            threading.Thread(target=lambda: errors.append(stderr_pipe.read()), daemon=True).start()
            end_reason = _watch(proc, lines, log, parser, launch, started)
        except KeyboardInterrupt as err:
            interrupted = err
            end_reason = f"interrupted ({interrupts.signal_name(err)})"
            processes.stop(proc)
            drain(lines, log, parser, launch)
        finally:
            log.close()
    killed = end_reason is not None
    status = proc.returncode
    stderr = b"".join(errors).decode("utf-8", errors="replace").strip()
    if not killed and status not in clean_statuses:
        end_reason = f"the guest exited with status {status}" + (f": {stderr[-500:]}" if stderr else "")
    capture = parser.finish(end_reason)
    if log.problem:
        capture.errors.append(log.problem)
    if not capture.hello and stderr and interrupted is None:
        capture.errors.append(f"no rtbench output; the emulator said: {stderr[-800:]}")
    return ConsoleRun(capture, None if killed else status, end_reason, log_path,
                      time.monotonic() - started, command, interrupted)


# What watch() returns when the line stream ended by itself (the process closed its output).
STREAM_ENDED = "the stream ended"


def watch(lines: queue.Queue[str | None], launch: Launch, started: float, what: str, take: Callable[[str], None],
          finished: Callable[[], bool] = lambda: False, last_output: float | None = None) -> str | None:
    """The one watchdog: hands each line to `take` until `finished()` (None), the stream's end
    (STREAM_ENDED), or no line for `launch.silence` seconds or `launch.timeout` seconds in all
    since `started` (the reason, naming `what` hung)."""
    last = started if last_output is None else last_output
    while not finished():
        now = time.monotonic()
        wait = min(launch.silence - (now - last), launch.timeout - (now - started))
        if wait <= 0:
            return (f"no output for {launch.silence:.0f} s (the {what} hung)" if now - last >= launch.silence
                    else f"still running after {launch.timeout:g} s")
        try:
            line = lines.get(timeout=wait)
        except queue.Empty:
            continue
        if line is None:
            return STREAM_ENDED
        last = time.monotonic()
        take(line)
    return None


def _watch(proc: subprocess.Popen[bytes], lines: queue.Queue[str | None], log: ConsoleLog, parser: StreamParser,
           launch: Launch, started: float) -> str | None:
    """Feeds lines to the parser until the stream ends (None) or the watchdog stops the process
    (the reason)."""
    reason = watch(lines, launch, started, "guest", lambda line: take_line(line, log, parser, launch))
    if reason == STREAM_ENDED:
        proc.wait()
        return None
    processes.stop(proc)
    return reason


def take_line(line: str, log: ConsoleLog, parser: StreamParser, launch: Launch) -> None:
    log.write(line)
    record = parser.feed(line)
    if record is not None:
        launch.on_record(parser.as_judged(record))


def drain(lines: queue.Queue[str | None], log: ConsoleLog, parser: StreamParser, launch: Launch) -> None:
    """After an interrupt: what the stopped process had already written still counts."""
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return
        if line is None:
            return
        take_line(line, log, parser, launch)
