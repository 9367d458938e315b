# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Opens an HTML file in headless Chromium (Debian's chromium) and returns the DOM after load,
with the script errors the page raised collected by a listener injected before any script, and
where chosen elements were laid out and how wide their content is; or takes a screenshot of it at
the same window size."""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

# No network here: keep Chromium from trying to reach any service.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
_COLLECTOR = """<script>
window.__errors = [];
window.addEventListener('error', e => window.__errors.push(String(e.message)));
window.addEventListener('unhandledrejection', e => window.__errors.push('unhandled rejection: ' + String(e.reason)));
window.addEventListener('load', () => setTimeout(() => {
  const rects = {};
  for (const el of document.querySelectorAll('[id]')) {
    const r = el.getBoundingClientRect();
    rects[el.id] = [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
  }
  const where = document.createElement('pre'); where.id = '__rects';
  where.textContent = JSON.stringify(rects);
  const widths = {'__page': [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
  for (const el of document.querySelectorAll('[id]')) widths[el.id] = [el.scrollWidth, el.clientWidth];
  const sizes = document.createElement('pre'); sizes.id = '__widths';
  sizes.textContent = JSON.stringify(widths);
  document.body.appendChild(sizes);
  const out = document.createElement('pre'); out.id = '__errors';
  out.textContent = JSON.stringify(window.__errors);
  document.body.appendChild(where); document.body.appendChild(out);
}, 0));
</script>"""
WINDOW = (1280, 2000)


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _run(work: Path, *args: str, width: int = WINDOW[0], flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    browser = chromium()
    assert browser, "chromium is missing: run scripts/setup.sh"
    proc = subprocess.run([browser, *FLAGS, *flags, f"--user-data-dir={work / 'chromium-profile'}", "--hide-scrollbars",
                           f"--window-size={width},{WINDOW[1]}", "--virtual-time-budget=30000", *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def _probe(page: Path, work: Path, width: int = WINDOW[0], flags: tuple[str, ...] = ()
           ) -> tuple[str, list[str], dict[str, list[float]], dict[str, list[int]]]:
    text = page.read_text(encoding="utf-8")
    probe = work / f"probe-{page.name}"
    probe.write_text(text.replace("<head>", "<head>" + _COLLECTOR, 1), encoding="utf-8")
    dom = _run(work, "--dump-dom", probe.as_uri(), width=width, flags=flags).stdout
    return dom, _collected(dom, "errors"), _collected(dom, "rects"), _collected(dom, "widths")


def _collected(dom: str, name: str) -> Any:
    """What the collector wrote into the page once it had loaded."""
    found = re.search(f'<pre id="__{name}">(.*?)</pre>', dom, re.DOTALL)
    assert found, "the page never finished loading"
    return json.loads(html.unescape(found.group(1)))


def load(page: Path, work: Path, flags: tuple[str, ...] = ()) -> tuple[str, list[str]]:
    """The DOM after the page's scripts ran, and the script errors it raised (`flags`: Chromium's
    own, e.g. --host-resolver-rules to send a host's requests to a local server)."""
    dom, errors, _, _ = _probe(page, work, flags=flags)
    return dom, errors


def layout(page: Path, work: Path) -> tuple[str, list[str], dict[str, list[float]]]:
    """As load, plus where every element with an id was drawn: {id: [x, y, width, height]} in page
    pixels, for a window of WINDOW (the size screenshot uses)."""
    dom, errors, rects, _ = _probe(page, work)
    return dom, errors, rects


def widths(page: Path, work: Path, width: int) -> tuple[list[str], dict[str, list[int]]]:
    """The script errors, and the content and visible width of the page ('__page') and of every
    element with an id, {id: [scrollWidth, clientWidth]}, in a window `width` pixels wide: content
    wider than the element is what a reader scrolls sideways to see."""
    _, errors, _, sizes = _probe(page, work, width)
    return errors, sizes


def screenshot(page: Path, work: Path, png: Path) -> Path:
    """The top WINDOW of the page, drawn once its scripts ran, as a PNG."""
    _run(work, f"--screenshot={png}", page.as_uri())
    assert png.is_file() and png.stat().st_size > 0, f"chromium wrote no screenshot to {png}"
    return png
