# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Analyses over stored runs: CPU variants and caches, deadlines, published figures, kernel profiles."""
