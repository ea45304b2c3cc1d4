#!/usr/bin/env bash
# make fuzz SECONDS=N: libFuzzer (with AddressSanitizer) on the BitMEX decoder and the order
# book, the number formatter and replay pacing, through Fuzz/TradetermFuzz. Usage: scripts/fuzz.sh [SECONDS] [extra libFuzzer flags…]
#   FUZZ_CONFIG=debug|release  build configuration (default release: fastest; Swift's
#                              overflow and bounds checks stay on)
#   JOBS=N                     N fuzzing processes (libFuzzer -fork=N)
#   FUZZ_MAX_LEN=N             longest input (default 4096 bytes: a partial and some deltas)
#   TRADETERM_FUZZ_PERSIST=1   also feed every input to long-lived states (see FuzzHarness)
# The seed corpus is rebuilt from Tests/Fixtures into .build-fuzz/corpus (which keeps what
# earlier runs found); crashers go to .build-fuzz/crashes. Exits non-zero on a crash.
# A crasher replays in a normal build: swift build --product TradetermFuzz &&
# .build/debug/TradetermFuzz .build-fuzz/crashes/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
config=${FUZZ_CONFIG:-release}
scratch=.build-fuzz
corpus=$scratch/corpus
crashes=$scratch/crashes
mkdir -p "$corpus" "$crashes"

swift build -c "$config" --scratch-path "$scratch" --product TradetermFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTRADETERM_LIBFUZZER 2>&1 |
  grep -v -e "Cannot export local symbol" -e "prohibited flag" || true
binary=$scratch/$config/TradetermFuzz
[ -x "$binary" ] || { echo "fuzz: build failed" >&2; exit 1; }

# Seeds: every fixture line (big partials cut to the levels around the touch), runs of a
# partial and the messages after it, the JSON rows wrapped as messages, REST bodies, and
# REST trade bins followed by live trades.
max_len=${FUZZ_MAX_LEN:-4096}
python3 - Tests/Fixtures "$corpus" "$max_len" <<'PY'
import glob, hashlib, json, os, sys
fixtures, out, MAX = sys.argv[1], sys.argv[2], int(sys.argv[3])
written = 0

def compact(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)

def seed(text):
    global written
    data = text.encode() if isinstance(text, str) else text
    if not data or len(data) > MAX:
        return
    path = os.path.join(out, "seed-" + hashlib.sha1(data).hexdigest())
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)
        written += 1

def seed_run(lines):
    """Consecutive messages as one input, as many as fit."""
    run = []
    for l in lines:
        if l and len("\n".join(run + [l]).encode()) <= MAX:
            run.append(l)
    if len(run) > 1:
        seed("\n".join(run))

def shrink(line, rows=12):
    """A message with its data cut to the `rows` levels nearest the touch."""
    if len(line) <= MAX // 2:
        return line
    try:
        msg = json.loads(line)
    except ValueError:
        return None
    data = msg.get("data")
    if not isinstance(data, list):
        return None
    if data and all(isinstance(r, dict) and "side" in r and "price" in r for r in data):
        sym = data[0].get("symbol")
        mine = [r for r in data if r.get("symbol") == sym]
        buys = sorted((r for r in mine if r["side"] == "Buy"), key=lambda r: -r["price"])
        sells = sorted((r for r in mine if r["side"] == "Sell"), key=lambda r: r["price"])
        msg["data"] = sorted(sells[: rows // 2], key=lambda r: -r["price"]) + buys[: rows // 2]
    else:
        msg["data"] = data[:rows]
    return compact(msg)

for path in sorted(glob.glob(os.path.join(fixtures, "*.jsonl"))):
    lines = [l for l in open(path, encoding="utf-8").read().split("\n") if l.strip()]
    small = [shrink(l) for l in lines]
    for l in small:
        if l:
            seed(l)
    for i, l in enumerate(lines):
        if '"action":"partial"' in l and small[i]:
            for n in (4, 12):
                seed_run([small[i]] + small[i + 1 : i + 1 + n])
    if "SOLUSDT_replay" in path:
        for start in range(1, len(small), 10):
            seed_run([small[0]] + small[start : start + 6])

rows = {}
for path in sorted(glob.glob(os.path.join(fixtures, "nautilus", "*.json"))):
    obj = json.load(open(path, encoding="utf-8"))
    name = os.path.basename(path)
    if name.endswith(".row.json"):
        rows[name] = obj
    else:
        seed(compact(obj if isinstance(obj, list) or "error" in obj else [obj]))
tables = {
    "ws_instrument_mark_update.row.json": "instrument",
    "ws_orderbook_10.row.json": "orderBook10",
    "ws_orderbook_l2.row.json": "orderBookL2",
    "ws_quote.row.json": "quote",
    "ws_trade.row.json": "trade",
    "ws_trade_bin_1m.row.json": "tradeBin1m",
}
for name, table in tables.items():
    if name in rows:
        for action in ("partial", "insert", "update", "delete"):
            seed(compact({"table": table, "action": action, "data": [rows[name]]}))

rest = json.load(open(os.path.join(fixtures, "2021-07-22_rest_instrument_active.json"), encoding="utf-8"))
seed(compact(rest[:3]))

if "ws_trade_bin_1m.row.json" in rows and "ws_trade.row.json" in rows:
    b, t = rows["ws_trade_bin_1m.row.json"], rows["ws_trade.row.json"]
    bins = []
    for k, minute in enumerate(("20:03", "20:05", "20:06", "20:07")):
        bins.append(dict(b, timestamp=f"2024-11-23T{minute}:00.000Z", symbol=t["symbol"], close=b["close"] + k))
    trades = [dict(t, timestamp=f"2024-11-23T20:0{m}:3{m}.000Z", price=t["price"] + m) for m in (6, 7, 9)]
    seed_run([
        compact(bins),
        compact({"table": "trade", "action": "partial", "data": trades[:1]}),
        compact({"table": "trade", "action": "insert", "data": trades[1:]}),
    ])
    seed(compact(bins))
# The number formatter (first byte 0xF8) and replay pacing (0xF9): Doubles, little-endian.
import struct
extremes = [0.0, -0.0, 1.0, -1.0, 0.5, 98459.4, 27.503, 1e-8, 5e-324, 2.2250738585072014e-308,
            9.2e18, 9.3e18, 2.0**63, 2.0**64, -9.3e18, 1e300, -1e300, 1.7976931348623157e308,
            float("inf"), float("-inf"), float("nan")]
seed(b"\xf8" + struct.pack("<%dd" % len(extremes), *extremes))
seed(b"\xf9" + struct.pack("<%dd" % len(extremes), *extremes))
seed(b"\xf9" + struct.pack("<9d", 0.0, 1e300, 1.0, 5.0, 3.0, 1e-12, 1.0, 2.0, float("nan")))
print(f"fuzz: {written} new seed(s); corpus holds {len(os.listdir(out))} input(s)")
PY

echo "fuzz: running $binary for ${seconds}s"
# From inside the scratch directory: with JOBS > 1 libFuzzer writes fuzz-N.log there.
cd "$scratch"
flags=(
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048
  -dict=../Fuzz/tradeterm.dict -artifact_prefix=crashes/ -print_final_stats=1
)
jobs=${JOBS:-1}
rm -f fuzz-*.log
set +e
if [ "$jobs" -gt 1 ]; then
  # Independent fuzzers sharing the corpus directory.
  "$config/TradetermFuzz" "${flags[@]}" -jobs="$jobs" -workers="$jobs" "$@" corpus
  status=$?
  tail -n 7 fuzz-*.log
else
  "$config/TradetermFuzz" "${flags[@]}" "$@" corpus 2>&1 | tee fuzz-0.log |
    grep --line-buffered -v -e "^#[0-9]*[[:space:]]*\(NEW\|REDUCE\)" -e "Uses:" -e "NEW_FUNC"
  status=${PIPESTATUS[0]}
fi
set -e
total=$(cat fuzz-*.log | sed -n 's/^stat::number_of_executed_units: *//p' | paste -sd+ | bc)
if [ "$status" -eq 72 ]; then
  echo "fuzz: interrupted after ${total:-?} executions"
  exit "$status"
fi
if [ "$status" -ne 0 ] || grep -q -e "^==[0-9]*== ERROR" -e "deadly signal" -e "Fatal error" fuzz-*.log; then
  echo "fuzz: FAILED (exit $status); crashers in $crashes:" >&2
  ls -l crashes >&2
  exit 1
fi
echo "fuzz: clean; ${total:-?} executions; corpus $(ls corpus | wc -l) input(s)"
