# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench: one RTOS benchmark catalogue, many kernels and platforms, exact numbers."""
__version__ = "0.1.0"
