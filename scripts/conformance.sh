#!/usr/bin/env bash
# make conformance: the Autobahn WebSocket suite (517 cases, via kosoku from PyPI) against
# tradeterm-wsecho, an echo client on tradeterm's own WebSocket layer.
# Target: 0 FAILED in cases 1-10; 12-13 (compression) may be UNIMPLEMENTED.
# The report goes to .build/conformance/reports (not in git).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/conformance
venv=$out/venv
port=${CONFORMANCE_PORT:-9001}
mkdir -p "$out"
if [ ! -x "$venv/bin/kosoku" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check kosoku
fi
bash scripts/release-build.sh tradeterm-wsecho
rm -rf "$out/reports"
"$venv/bin/kosoku" -m fuzzingserver -o "$out/reports" "127.0.0.1:$port" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
# Wait (bounded) until the server listens.
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.1
done
.build/release/tradeterm-wsecho "ws://127.0.0.1:$port"
for _ in $(seq 1 100); do [ -f "$out/reports/index.json" ] && break; sleep 0.1; done
python3 - "$out/reports/index.json" <<'PY'
import json, sys, collections
idx = json.load(open(sys.argv[1]))["tradeterm"]
def major(case): return int(case.split(".")[0])
core = {k: v for k, v in idx.items() if major(k) <= 10}
rest = {k: v for k, v in idx.items() if major(k) > 10}
c = collections.Counter(v["behavior"] for v in core.values())
r = collections.Counter(v["behavior"] for v in rest.values())
print(f"cases 1-10: {len(core)} run: " + ", ".join(f"{n} {b}" for b, n in sorted(c.items())))
print(f"cases 12-13: {len(rest)} run: " + ", ".join(f"{n} {b}" for b, n in sorted(r.items())))
failed = sorted((k for k, v in core.items() if v["behavior"] == "FAILED"), key=lambda k: [int(p) for p in k.split(".")])
if failed:
    print("FAILED:", " ".join(failed))
print(f"{len(core) - len(failed)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
PY
