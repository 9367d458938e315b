# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Campaigns: a matrix of cells (kernels x targets x settings) run on Dask distributed.

matrix.py reads and checks the matrix file, settings.py says what a cell's settings are,
cells.py expands the matrix into cells and identity.py hashes what each one is; job.py runs one
cell (in child.py's process) wherever Dask sends it, execution.py runs them all and stores each;
stored.py reads a campaign back from the store, for resuming, and readout.py for reports
(reports/campaign_tables.py, campaign_html.py, campaign_figures.py) and comparisons (axis.py);
reference_cells.py measures the reference cells behind the published figures."""
