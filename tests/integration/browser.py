"""Opens an HTML file in headless Chromium (Debian's chromium) and returns the DOM after load,
with the script errors the page raised collected by a listener injected before any script."""
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
  const out = document.createElement('pre'); out.id = '__errors';
  out.textContent = JSON.stringify(window.__errors); document.body.appendChild(out);
}, 0));
</script>"""


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def load(page: Path, work: Path) -> tuple[str, list[str]]:
    """The DOM after the page's scripts ran, and the script errors it raised."""
    browser = chromium()
    assert browser, "chromium is missing: run scripts/setup.sh"
    text = page.read_text(encoding="utf-8")
    probe = work / f"probe-{page.name}"
    probe.write_text(text.replace("<head>", "<head>" + _COLLECTOR, 1), encoding="utf-8")
    proc = subprocess.run([browser, *FLAGS, f"--user-data-dir={work / 'chromium-profile'}",
                           "--virtual-time-budget=30000", "--dump-dom", probe.as_uri()],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = re.search(r'<pre id="__errors">(.*?)</pre>', proc.stdout, re.DOTALL)
    assert found, "the page never finished loading"
    return proc.stdout, json.loads(html.unescape(found.group(1)))
