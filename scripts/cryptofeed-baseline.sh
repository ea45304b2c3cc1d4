#!/usr/bin/env bash
# The replay baseline (make bench): cryptofeed 2.4.1's BitMEX handler applying a recording.
# Installs cryptofeed into a venv under .build/ the first time (PyPI), as make conformance does
# with kosoku, then prints scripts/cryptofeed-baseline.py's JSON line for FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/cryptofeed-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import cryptofeed' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check cryptofeed==2.4.1 >&2
fi
exec "$venv/bin/python" scripts/cryptofeed-baseline.py "$1"
