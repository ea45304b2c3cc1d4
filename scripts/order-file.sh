#!/usr/bin/env bash
# Writes scripts/tradeterm.order: the functions of tradeterm's release binary that start-up and a
# streaming dashboard run, in the order they first ran. The release link (Package.swift) lays them
# out first and together, so the few pages of code the dashboard runs are resident, not the
# 64 kB the kernel maps around each of them all over the binary's 23 MB of code.
#
# Runs the release binary under valgrind's callgrind (every function executed, however rarely)
# against `tradeterm-sim --rate 20 --trade-rate 3` in tmux at 200×50 for SECONDS (default 60),
# then quits it with `q`. Needs valgrind and tmux. Run it again when the list has gone stale (a
# renamed function is only left where it was: the binary stays correct, its code less compact).
#
# Usage: scripts/order-file.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
for tool in valgrind tmux nm strip python3; do
  command -v "$tool" > /dev/null || { echo "order-file.sh: needs $tool" >&2; exit 1; }
done
bash scripts/release-build.sh tradeterm
bash scripts/release-build.sh tradeterm-sim

work=$(mktemp -d)
socket="tt-order-$$"
sim=""
cleanup() {
  tmux -L "$socket" kill-server 2> /dev/null || true
  if [ -n "$sim" ]; then kill "$sim" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# valgrind 3.19 cannot read the toolchain's DWARF 5: a copy without debug info (symbols kept).
cp .build/release/tradeterm "$work/tradeterm"
strip --strip-debug "$work/tradeterm"
port=$((47000 + RANDOM % 1000))
.build/release/tradeterm-sim --port "$port" --rate 20 --trade-rate 3 > "$work/sim.log" 2>&1 &
sim=$!
# Until the simulator accepts a connection (10 s at most), not a second and hope.
for _ in $(seq 1 100); do
  (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  kill -0 "$sim" 2> /dev/null || { echo "order-file.sh: the simulator stopped (see $work/sim.log)" >&2; exit 1; }
  sleep 0.1
done
tmux -L "$socket" new-session -d -x 200 -y 50 \
  "valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file=$work/cg.out \
   $work/tradeterm --ws-url ws://127.0.0.1:$port/realtime --rest-url http://127.0.0.1:$port \
   2> $work/valgrind.log"
sleep "$secs"
tmux -L "$socket" send-keys q
# callgrind writes its file as the program ends.
for _ in $(seq 1 120); do
  [ -s "$work/cg.out" ] && ! tmux -L "$socket" has-session 2> /dev/null && break
  sleep 1
done
[ -s "$work/cg.out" ] || { echo "order-file.sh: callgrind wrote nothing (see $work/valgrind.log)" >&2; exit 1; }

nm --defined-only "$work/tradeterm" | awk '$2 ~ /^[tTwW]$/ { print $3 }' > "$work/defined.txt"
python3 - "$work/cg.out" "$work/defined.txt" scripts/tradeterm.order << 'EOF'
import re, sys
cg, defined, out = sys.argv[1:]
known = set(line.strip() for line in open(defined))
objects, names, current, order, seen = {}, {}, None, [], set()
for line in open(cg):
    line = line.rstrip("\n")
    m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
    if m:
        kind, i, name = m.groups()
        if name: objects[i] = name
        if kind == "ob": current = objects[i]
        continue
    m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
    if m:
        kind, i, name = m.groups()
        if name: names[i] = name
        # Functions of tradeterm's own image that ran (fn=), by their symbol.
        if kind == "fn" and current and current.endswith("/tradeterm"):
            f = names[i]
            if f in known and f not in seen:
                seen.add(f)
                order.append(f)
open(out, "w").write("".join(f + "\n" for f in order))
print(f"order-file.sh: {len(order)} functions in {out}")
EOF
