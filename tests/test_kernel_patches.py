# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""freertos-codesign's semantic patches, applied by the real spatch: a tree they do not apply
to is refused with the patch named (exit 2 from the CLI), and the given tree is never written."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.kernel_patches import patch_key, patched_tree, patches_of
from rtbench.acquire.platforms import find_kernel
from rtbench.errors import RtbenchError
from tests.parts import need


@pytest.fixture(autouse=True)
def _spatch() -> None:
    need("kernel", "freertos-codesign")

# A kernel "version" whose tasks.c has none of the code the first patch looks for.
FOREIGN_TASKS_C = """#include "FreeRTOS.h"
#include "task.h"
void vTaskSwitchContext(void) { select_next(); }
"""


def foreign_tree(root: Path) -> Path:
    (root / "include").mkdir(parents=True)
    (root / "include/task.h").write_text('#define tskKERNEL_VERSION_NUMBER "V0.1.0"\n')
    (root / "tasks.c").write_text(FOREIGN_TASKS_C)
    return root


def test_the_port_names_its_patches_in_order_with_their_hashes() -> None:
    kernel = find_kernel("freertos-codesign")
    patches = patches_of(kernel)
    assert [p.name for p in patches] == sorted(p.name for p in patches) and len(patches) >= 4
    assert all(p.sha256 == hashlib.sha256(p.path.read_bytes()).hexdigest() for p in patches)
    assert patch_key(kernel) and not patch_key(find_kernel("freertos"))


def test_a_tree_a_patch_does_not_apply_to_is_refused_naming_the_patch(tmp_path: Path) -> None:
    kernel = find_kernel("freertos-codesign")
    tree = foreign_tree(tmp_path / "FreeRTOS-Kernel")
    before = (tree / "tasks.c").read_bytes()
    with pytest.raises(RtbenchError, match=r"10-include-codesign-header\.cocci does not apply to "
                                           r"freertos-codesign V0\.1\.0") as err:
        patched_tree(kernel, tree, "V0.1.0", tmp_path / "build")
    assert "--os freertos" in err.value.hint
    assert (tree / "tasks.c").read_bytes() == before  # only the copy was touched


def test_the_cli_refuses_it_with_exit_status_2(tmp_path: Path) -> None:
    tree = foreign_tree(tmp_path / "FreeRTOS-Kernel")
    env = {**os.environ, "RTBENCH_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-m", "rtbench", "run", "--target", "vexriscv-sim",
                           "--os", "freertos-codesign", "--kernel-src", str(tree), "--bench", "task_switch"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert "10-include-codesign-header.cocci does not apply" in proc.stderr
    assert "Traceback" not in proc.stderr
