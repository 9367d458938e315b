"""Reading a guest's console line by line with a watchdog, whatever process produces it."""
from __future__ import annotations

import queue
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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
    progress: Callable[[str], None] = _quiet


@dataclass
class ConsoleRun:
    capture: Capture
    exit_status: int | None  # None when rtbench had to stop the process
    end_reason: str | None  # why the stream ended abnormally, or None
    log_path: Path
    seconds: float
    command: list[str]


def _pump(stream, lines: queue.Queue) -> None:
    for raw in iter(stream.readline, b""):
        lines.put(raw.decode("utf-8", errors="replace"))
    lines.put(None)


def run_console(command: list[str], launch: Launch, clean_statuses: tuple[int, ...] = (0, 1),
                cwd: Path | None = None) -> ConsoleRun:
    """Runs `command`, parsing its stdout as the sample stream. The process is stopped when it
    prints nothing for `silence` seconds or runs longer than `timeout` seconds in total."""
    log_path, timeout, silence, on_record = launch.log_path, launch.timeout, launch.silence, launch.on_record
    log_path.parent.mkdir(parents=True, exist_ok=True)
    parser = StreamParser()
    started = time.monotonic()
    end_reason: str | None = None
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=cwd)
    lines: queue.Queue = queue.Queue()
    errors: list[bytes] = []
    threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
    stderr_pipe = proc.stderr
    assert stderr_pipe is not None
    threading.Thread(target=lambda: errors.append(stderr_pipe.read()), daemon=True).start()
    last_output = started
    with log_path.open("w") as log:
        while True:
            now = time.monotonic()
            wait = min(silence - (now - last_output), timeout - (now - started))
            if wait <= 0:
                quiet = now - last_output >= silence
                end_reason = (f"no output for {silence:.0f} s (the guest hung)" if quiet
                              else f"still running after {timeout:.0f} s")
                proc.kill()
                break
            try:
                line = lines.get(timeout=wait)
            except queue.Empty:
                continue
            if line is None:
                break
            last_output = time.monotonic()
            log.write(line)
            record = parser.feed(line)
            if record is not None:
                on_record(record)
    killed = end_reason is not None
    status = proc.wait()
    stderr = b"".join(errors).decode("utf-8", errors="replace").strip()
    if not killed and status not in clean_statuses:
        end_reason = f"the guest exited with status {status}" + (f": {stderr[-500:]}" if stderr else "")
    capture = parser.finish(end_reason)
    if not capture.hello and stderr:
        capture.errors.append(f"no rtbench output; the emulator said: {stderr[-800:]}")
    return ConsoleRun(capture, None if killed else status, end_reason, log_path,
                      time.monotonic() - started, command)
