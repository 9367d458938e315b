# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How an HTML page gets plotly.js (--plotly): `inline` embeds the installed plotly's copy (about
4.8 MB; the page opens offline, the default), `cdn` loads that same file from jsDelivr's mirror of
npm's plotly.js-dist-min, pinned by version and by its SHA-384 (Subresource Integrity), so the
page is small and a browser runs nothing but that exact file. Also whether plotly is installed at
all: it is the `html` extra, and every command that draws a page asks first."""
from __future__ import annotations

import base64
import functools
import hashlib
import importlib.util

from ..acquire import setup_parts
from ..errors import RtbenchError

MODES = ("inline", "cdn")
DEFAULT = "inline"
# npm's plotly.js-dist-min holds the very plotly.min.js the plotly package bundles (byte for byte:
# checked for plotly 7.1.0, plotly.js 4.1.1); jsDelivr serves npm packages as published.
CDN_URL = "https://cdn.jsdelivr.net/npm/plotly.js-dist-min@{version}/plotly.min.js"
# Shown when the page's figures cannot be drawn because plotly.js did not load.
MISSING_ID = "plotly-missing"


def require(what: str = "--html") -> None:
    """Refuses a page before any work when plotly, which draws its figures, is not installed."""
    if importlib.util.find_spec("plotly") is None:
        raise RtbenchError(f"{what} draws its figures with plotly, which is not installed (rtbench's html extra)",
                           setup_parts.install_hint("html", "pip:html"))


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise RtbenchError(f"--plotly {mode}: not a way to include plotly.js", "choose one of: " + ", ".join(MODES))
    return mode


@functools.cache
def _bundled() -> tuple[str, str]:
    """The installed plotly's plotly.js: its version and its Subresource Integrity hash."""
    import plotly.offline

    digest = hashlib.sha384(plotly.offline.get_plotlyjs().encode("utf-8")).digest()
    return plotly.offline.get_plotlyjs_version(), "sha384-" + base64.b64encode(digest).decode("ascii")


def script(mode: str) -> str:
    """The page's <head> element(s) that give it plotly.js."""
    if check_mode(mode) == "inline":
        import plotly.offline

        return f"<script>{plotly.offline.get_plotlyjs()}</script>"
    version, integrity = _bundled()
    return (f'<script src="{CDN_URL.format(version=version)}" integrity="{integrity}" '
            'crossorigin="anonymous"></script>')


def promise(mode: str) -> str:
    """What the page says of itself at its top."""
    if check_mode(mode) == "inline":
        return "Opens offline: plotly.js is embedded."
    return f"Draws its figures with plotly.js {_bundled()[0]} from cdn.jsdelivr.net (pinned, integrity-checked)."


def fallback(mode: str) -> str:
    """A notice, first in the body, that shows itself only when plotly.js did not load (a `cdn`
    page opened offline, or a file that does not match its hash): the tables stay readable."""
    if check_mode(mode) == "inline":
        return ""
    return (f'<p id="{MISSING_ID}" class="fair" hidden><b>The figures are not drawn:</b> plotly.js could not be '
            f"loaded from cdn.jsdelivr.net (offline?). The tables below are complete; write the page with "
            f"<code>--plotly inline</code> for one that draws them offline.</p>"
            f"<script>if (!window.Plotly) document.getElementById('{MISSING_ID}').hidden = false;</script>")
