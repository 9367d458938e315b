# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The docs' table views: Markdown tables of run files and recorded figures, one module per
family, each with `render(argv) -> str`. registry.py names them; the docs marker
<!-- rtbench:table-view NAME ARGS --> (docs/hooks/command_output.py) and the thin scripts/NAME.py
both call through it."""
