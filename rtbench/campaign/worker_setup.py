# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A Dask preload for the local cluster's workers. Ctrl-C in a terminal reaches every process of
its foreground group, the cluster's workers too; the campaign handles it (it stops submitting,
keeps what finished and closes the cluster), so the workers ignore it rather than each print a
traceback. Their cells run in sessions of their own and never see it."""
from __future__ import annotations

import signal
from typing import Any


def dask_setup(worker: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
