# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""freertos-codesign's semantic patches, applied by the real spatch: a tree they do not apply
to is refused with the patch named (exit 2 from the CLI), a tree one rule of a patch misses is
refused with the patch and the rule named, and the given tree is never written."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.kernel_patches import patch_key, patched_tree, patches_of
from rtbench.acquire.patch_rules import MARK, instrumented
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


def test_every_rule_of_the_shipped_patches_is_witnessed() -> None:
    for patch in patches_of(find_kernel("freertos-codesign")):
        text, rules = instrumented(patch.path.read_text())
        assert rules and all(f'print("{MARK} {rule.index}")' in text for rule in rules), patch.name
        # Every rule of these patches has a token to carry the position, but the include (a
        # directive), which is witnessed by its match.
        assert text.count("position rtb_at;") == len(rules) - (patch.name.startswith("10-")), patch.name
    select = instrumented((patches_of(find_kernel("freertos-codesign"))[1].path).read_text())[1]
    assert [rule.described() for rule in select] == [
        "rule 1 (line 11: -taskSELECT_HIGHEST_PRIORITY_TASK();)", "rule 2 (line 23: +RTB_CD_RUNNING(pxCurrentTCB);)"]


def test_a_patch_one_rule_of_which_misses_is_refused_naming_the_rule(tmp_path: Path) -> None:
    """The registry's tasks.c as a kernel version that calls its selection by another name: the
    select rule matches vTaskSwitchContext but changes nothing (its <... ...> matches zero times),
    while the patch's other rule applies. Built, it would be labelled co-designed and choose its
    tasks in software."""
    kernel = find_kernel("freertos-codesign")
    registry = sources.locate(kernel).path
    assert registry is not None
    tree = tmp_path / "FreeRTOS-Kernel"
    (tree / "include").mkdir(parents=True)
    shutil.copy(registry / "include" / "task.h", tree / "include" / "task.h")
    tasks_c = (registry / "tasks.c").read_text()
    assert "taskSELECT_HIGHEST_PRIORITY_TASK();" in tasks_c
    (tree / "tasks.c").write_text(tasks_c.replace("taskSELECT_HIGHEST_PRIORITY_TASK();", "taskSELECT_NEXT_TASK();"))
    with pytest.raises(RtbenchError) as err:
        patched_tree(kernel, tree, "V11.2.0", tmp_path / "build")
    assert ("the semantic patch 20-select-from-hardware.cocci applies only in part to freertos-codesign V11.2.0"
            in str(err.value))
    assert "its rule 1 (line 11: -taskSELECT_HIGHEST_PRIORITY_TASK();) changed nothing" in str(err.value)
    assert "--os freertos" in err.value.hint
    assert not (tmp_path / "build" / "kernel" / ".rtbench-patches.json").exists()  # redone next time
