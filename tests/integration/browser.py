# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Opens an HTML file in headless Chromium (Debian's chromium) and returns the DOM after load,
with the script errors the page raised collected by a listener injected before any script, and
where chosen elements were laid out; or takes a screenshot of it at the same window size."""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

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
  const out = document.createElement('pre'); out.id = '__errors';
  out.textContent = JSON.stringify(window.__errors);
  document.body.appendChild(where); document.body.appendChild(out);
}, 0));
</script>"""
WINDOW = (1280, 2000)


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _run(work: Path, *args: str) -> subprocess.CompletedProcess:
    browser = chromium()
    assert browser, "chromium is missing: run scripts/setup.sh"
    proc = subprocess.run([browser, *FLAGS, f"--user-data-dir={work / 'chromium-profile'}", "--hide-scrollbars",
                           f"--window-size={WINDOW[0]},{WINDOW[1]}", "--virtual-time-budget=30000", *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def _probe(page: Path, work: Path) -> tuple[str, list[str], dict[str, list[float]]]:
    text = page.read_text(encoding="utf-8")
    probe = work / f"probe-{page.name}"
    probe.write_text(text.replace("<head>", "<head>" + _COLLECTOR, 1), encoding="utf-8")
    dom = _run(work, "--dump-dom", probe.as_uri()).stdout
    errors = re.search(r'<pre id="__errors">(.*?)</pre>', dom, re.DOTALL)
    rects = re.search(r'<pre id="__rects">(.*?)</pre>', dom, re.DOTALL)
    assert errors and rects, "the page never finished loading"
    return dom, json.loads(html.unescape(errors.group(1))), json.loads(html.unescape(rects.group(1)))


def load(page: Path, work: Path) -> tuple[str, list[str]]:
    """The DOM after the page's scripts ran, and the script errors it raised."""
    dom, errors, _ = _probe(page, work)
    return dom, errors


def layout(page: Path, work: Path) -> tuple[str, list[str], dict[str, list[float]]]:
    """As load, plus where every element with an id was drawn: {id: [x, y, width, height]} in page
    pixels, for a window of WINDOW (the size screenshot uses)."""
    return _probe(page, work)


def screenshot(page: Path, work: Path, png: Path) -> Path:
    """The top WINDOW of the page, drawn once its scripts ran, as a PNG."""
    _run(work, f"--screenshot={png}", page.as_uri())
    assert png.is_file() and png.stat().st_size > 0, f"chromium wrote no screenshot to {png}"
    return png
