# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The sample run of the README and of Getting started is a real one: its command, run again,
prints the same result rows (qemu-m3 is deterministic), so the front door never shows a figure
the tool does not produce."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

# The pages that show a sample run: a fenced block whose first line is `$ python3 -m rtbench run ...`.
PAGES = ("README.md", "docs/getting-started.md")


def _rows(text: str) -> list[str]:
    # The table: its header, rule and result rows (the lines above it name the date and hashes).
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("benchmark "))
    return [line.rstrip() for line in lines[start:] if line.strip()]


def test_the_sample_output_is_what_its_command_prints(repo_dir: Path, tmp_path: Path) -> None:
    samples: dict[str, list[tuple[str, str]]] = {}
    for page in PAGES:
        text = (repo_dir / page).read_text()
        block = re.search(r"```\n\$ (python3 -m rtbench run [^\n]*)\n(.*?)```", text, re.DOTALL)
        assert block, f"{page} has no sample run"
        samples.setdefault(block.group(1), []).append((page, block.group(2)))
    for command, shown in samples.items():  # one run per distinct command
        words = shlex.split(command)
        assert words[:3] == ["python3", "-m", "rtbench"]
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *words[3:]],
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        for page, output in shown:
            assert _rows(proc.stdout) == _rows(output), (
                f"{page}'s sample run differs from what its command prints now: paste the new output\n"
                + proc.stdout)
