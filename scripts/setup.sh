#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
# Installs what rtbench needs, idempotently and only what is missing (scripts/install_parts.py;
# the parts are rtbench/data/setup_parts.toml):
#   scripts/setup.sh                  the main job: `rtbench run` with its defaults
#   scripts/setup.sh --all            every part: what the test suite needs
#   scripts/setup.sh --part soc,docs  the main job and the named parts
#   scripts/setup.sh --list           the parts and what each enables
# Debian packages through apt-get (with sudo when you are not root), Python packages through pip,
# kernel sources through cargo, at the same time. Only the main job's part makes it fail: another
# part that cannot be installed is reported with what it disables, and the set-up goes on.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null 2>&1; then
  echo "setup: python3 (3.11 or later) is needed: apt-get install python3 python3-pip" >&2
  exit 1
fi
exec python3 -I scripts/install_parts.py "$@"
