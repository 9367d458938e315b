# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""MkDocs hook: a line <!-- rtbench:command ARGS --> becomes a code block with `rtbench ARGS` and
what it prints, run when the site is built on the stored reference runs, so that a sample output
in the docs is rtbench's own output and never typed. Each {CELL} in ARGS is the reference run
docs/reference/CELL.json.gz, given to the command as the JSON file CELL.json:

    <!-- rtbench:command compare {qemu-m3-freertos} {qemu-m3-ucos2} -->

A line <!-- rtbench:table-view NAME ARGS --> puts the table view NAME of ARGS into the page as
Markdown: rtbench.reports.tables.registry.VIEWS[NAME](ARGS), a function of the package (no script
runs; the thin scripts/NAME.py prints the same table of a user's own runs, and the speed scripts'
--show that of a record). {CELL} works as for commands, so a view reads the stored runs as it
would a user's run files:

    <!-- rtbench:table-view rhealstone {qemu-a9-freertos} {qemu-a9-linux-rt} -->

Both run in the build's own process, as a command in a scratch directory would.

Only commands that read runs belong here (report, compare, check, cache, deadline, footprint
of a run, runs): the build measures nothing. The command runs as in a scratch directory with a
workspace of its own; an exit status of 2 (an error) stops the build with rtbench's message,
while 1 (a verdict: a regression, a failed check) is output like any other. A view's error
(RtbenchError) stops the build the same way."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MARKER = re.compile(r"^([ \t]*)<!--\s*rtbench:(command|table-view)\s+(.+?)\s*-->[ \t]*$")
CELL = re.compile(r"\{([A-Za-z0-9][A-Za-z0-9._-]*)\}")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")


def _root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent


def run(args: str, root: Path, view: str | None = None) -> tuple[str, str]:
    """`rtbench ARGS` (or the table view VIEW of ARGS) on the reference runs: the command line as
    shown, and its output."""
    from mkdocs.exceptions import PluginError

    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from rtbench.reports import reference_runs

    with tempfile.TemporaryDirectory(prefix="rtbench-docs-") as scratch:
        folder = Path(scratch)
        for name in sorted(set(CELL.findall(args))):
            doc = reference_runs.load(name, root / "docs" / "reference")
            (folder / f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")
        shown = CELL.sub(lambda m: f"{m.group(1)}.json", args)
        with _as_a_process(folder, RTBENCH_HOME=str(folder / "home"), COLUMNS="100") as (out, err):
            status = _call(shlex.split(shown)) if view is None else _view(view, shlex.split(shown))
    line = f"rtbench {shown}" if view is None else f"table view {view} {shown}"
    if status not in (0, 1):
        raise PluginError(f"{line}: exit status {status}: {err.getvalue().strip()}")
    return line, out.getvalue().rstrip("\n")


@contextlib.contextmanager
def _as_a_process(folder: Path, **environment: str) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """In this process, as a command run in `folder` with these environment variables would be
    (a subprocess per command spent most of the site's build starting Python): its output
    captured, and the working directory, environment, arguments and signal handlers restored."""
    saved = (os.getcwd(), dict(os.environ), list(sys.argv), list(sys.path),
             {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)})
    out, err = io.StringIO(), io.StringIO()
    os.chdir(folder)
    os.environ.update(environment)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        os.chdir(saved[0])
        os.environ.clear()
        os.environ.update(saved[1])
        sys.argv[:], sys.path[:] = saved[2], saved[3]
        for signum, handler in saved[4].items():
            signal.signal(signum, handler)


def _call(argv: list[str]) -> int:
    """`rtbench ARGV`: its exit status."""
    try:
        from rtbench.cli import main

        return main(argv)
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        print(done.code, file=sys.stderr)
        return 1


def _view(name: str, argv: list[str]) -> int:
    """The table view NAME of ARGV printed, as its script would print it: 0, or 2 with the error."""
    from rtbench.errors import RtbenchError
    from rtbench.reports.tables import registry

    try:
        print(registry.render(name, argv))
    except RtbenchError as err:
        print(f"{name}: error: {err}", file=sys.stderr)
        return 2
    return 0


def replace(markdown: str, root: Path) -> str:
    out, fence = [], None
    for line in markdown.split("\n"):
        opened = _FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
        elif fence is not None and opened and opened.group(1) == fence:
            fence = None
            out.append(line)
            continue
        match = MARKER.fullmatch(line) if fence is None else None
        if match is None:
            out.append(line)
            continue
        indent, kind, args = match.groups()
        if kind == "command":
            line, output = run(args, root)
            block = ["```text", f"$ {line}", *output.split("\n"), "```"]
        else:
            name, _, rest = args.partition(" ")
            _, output = run(rest, root, view=name)
            block = output.split("\n")
        out += [indent + part if part else part for part in block]
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    del page, files
    return replace(markdown, _root(config)) if "rtbench:command" in markdown or "rtbench:table-view" in markdown \
        else markdown
