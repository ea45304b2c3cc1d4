#!/usr/bin/env bash
# The per-venue baselines (make bench, VenueBench): cryptofeed 2.4.1's handler for VENUE on FILE's
# frames. Installs cryptofeed into the venv under .build/ the first time (PyPI), as
# scripts/cryptofeed-baseline.sh does for the replay baseline, then prints
# scripts/cryptofeed-venue-baseline.py's JSON line (exit status 3: the handler cannot run them).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/cryptofeed-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import cryptofeed' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check cryptofeed==2.4.1 >&2
fi
exec "$venv/bin/python" scripts/cryptofeed-venue-baseline.py "$@"
