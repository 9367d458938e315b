# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Results: statistics, the store, loading runs, comparisons, the regression gate and fairness lint."""
