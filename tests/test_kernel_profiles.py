# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench kernels: each port describes its kernel, and the API is counted from the real tree."""
from __future__ import annotations

import pytest

from rtbench.acquire import kernel_facts, sources
from rtbench.acquire.platforms import find_kernel, kernels
from rtbench.analysis import kernel_profiles


@pytest.mark.parametrize("kernel", [k.name for k in kernels()])
def test_every_port_describes_its_kernel(kernel: str) -> None:
    # The survey's Tables 2 to 4 in full for every kernel (a port of another's kernel inherits).
    properties = kernel_facts.properties_of(find_kernel(kernel))
    assert {key for key, _ in kernel_profiles.PROPERTIES} <= set(properties)
    assert properties["equal_priorities"] in ("yes", "no")


def test_freertos_api_is_counted_by_category_without_its_internals() -> None:
    kernel = find_kernel("freertos")
    tree = sources.locate(kernel).path
    assert tree is not None
    api = kernel_facts.api_names(kernel, tree)
    where = {name: category for category, names in api.items() for name in names}
    assert where["xTaskCreateStatic"] == "task" and where["vTaskSuspend"] == "task"
    assert where["xSemaphoreTake"] == "synchronisation" and where["xEventGroupSetBits"] == "synchronisation"
    assert where["xQueueSend"] == "message" and where["xQueueSendFromISR"] == "message"
    assert where["xTimerStart"] == "time" and where["vTaskDelay"] == "time"
    assert where["taskENTER_CRITICAL"] == "interrupt" and where["pvPortMalloc"] == "memory"
    assert where["vTaskStartScheduler"] == "system"
    # Declared in the public headers for ports and the kernel's own files, not for applications.
    assert not {"vTaskSwitchContext", "xTaskIncrementTick", "vTaskPlaceOnEventList", "xQueueGenericSend"} & set(where)
