# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A sixth study written by a test (a study folder of its own): the published rows and the ratio
comparison such studies share, and a short qemu-m3 campaign it may carry."""
from __future__ import annotations

PUBLISHED = {"sem_take": 100, "sem_give": 50}


def study_toml(header: str, criteria: tuple[str, ...] = ("sem_take", "sem_give"), tail: str = "") -> str:
    """The study's TOML: `header` lines, a row and a criterion per name in `criteria`, then `tail`."""
    rows = "".join(f'\n[[rows]]\ncriterion = "{name}"\nmine = {PUBLISHED[name]}\n' for name in criteria)
    mapped = ", ".join(f'{{ study = "{name}", bench = "{name}" }}' for name in criteria)
    return (f'{header}row_keys = ["criterion", "mine"]\n{rows}\n[[comparison]]\nshape = "ratio"\n'
            f'orientation = "rate"\nreference = "sem_take"\ncolumns = ["mine"]\nstatistic = "median"\n'
            f"criteria = [{mapped}]\n{tail}")


def campaign_toml(name: str) -> str:
    """A campaign of one short FreeRTOS cell on qemu-m3 (two benchmarks, 20 samples)."""
    return (f'[campaign]\nname = "{name}"\n\n[settings]\ntarget = "qemu-m3"\nbench = "sem_take,sem_give"\n'
            'iterations = 20\nwarmup = 2\n\n[axes]\nkernel = ["freertos"]\n')
