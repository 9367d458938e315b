# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Acquiring measurements: building images, running them on targets, reading their sample stream."""
