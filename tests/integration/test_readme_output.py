# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The README's sample run is a real one: its command, run again, prints the same result rows
(qemu-m3 is deterministic), so the front door never shows a figure the tool does not produce."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path


def test_the_readmes_sample_output_is_what_its_command_prints(repo_dir: Path, tmp_path: Path) -> None:
    readme = (repo_dir / "README.md").read_text()
    block = re.search(r"```\n\$ (python3 -m rtbench run [^\n]*)\n(.*?)```", readme, re.DOTALL)
    assert block, "the README has no sample run"
    words = shlex.split(block.group(1))
    assert words[:3] == ["python3", "-m", "rtbench"]
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *words[3:]],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]

    def rows(text: str) -> list[str]:
        # The table: its header, rule and result rows (the lines above it name the date and hashes).
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("benchmark "))
        return [line.rstrip() for line in lines[start:] if line.strip()]

    assert rows(proc.stdout) == rows(block.group(2)), (
        "the README's sample run differs from what its command prints now: paste the new output\n" + proc.stdout)
