#!/usr/bin/env python3
"""The replay baseline for `make bench`: cryptofeed's BitMEX handler applying a recording.

Reads a recording in tradeterm's format (`<unix time> <frame>` per line, or bare frames) and hands
every frame to cryptofeed's `Bitmex.message_handler`, as its websocket loop would, with no
network: the symbol list is set from the recording's own book symbols instead of REST. Prints one
JSON line: messages handed over, seconds spent in the loop over frames already in memory, seconds
for a second pass straight from the file (read and split as it goes, as tradeterm's end-to-end
figure reads it), and the final best bid/ask of each book.

Usage: cryptofeed-baseline.py FILE
"""
import asyncio
import json
import sys
import time
from decimal import Decimal


def frames(path):
    with open(path, "rb") as f:
        for raw in f:
            line = raw.strip()
            if not line:
                continue
            if line[:1] != b"{":
                # `<time> <venue> <frame>` (or `<time> <frame>`): the frame starts at the first
                # brace, the time is the first word.
                brace = line.find(b"{")
                if brace < 0:
                    continue
                words = line[:brace].split()
                stamp = words[0].rstrip(b":") if words else b""
                yield line[brace:].decode(), float(stamp) if stamp else time.time()
            else:
                yield line.decode(), time.time()


def book_symbols(path):
    """The symbols the recording's full-depth book partials are for."""
    found = []
    for frame, _ in frames(path):
        if '"orderBookL2"' in frame and '"partial"' in frame:
            for row in json.loads(frame).get("data", []):
                if row["symbol"] not in found:
                    found.append(row["symbol"])
    return found


async def main(path):
    from cryptofeed.defines import L2_BOOK
    from cryptofeed.exchanges.bitmex import Bitmex
    from cryptofeed.symbols import Symbols

    symbols = book_symbols(path)
    if not symbols:
        print(json.dumps({"error": "no orderBookL2 partial in the recording"}))
        return 2
    # What /instrument/active would say, for the symbols the file holds: perpetuals quoted in USD
    # (the normalized name only matters to cryptofeed's own mapping).
    rows = [
        {"symbol": s, "rootSymbol": s[:-3] if s.endswith("USD") else s, "quoteCurrency": "USD",
         "typ": "FFWCSX", "tickSize": 0.5, "isQuanto": False, "expiry": None}
        for s in symbols
    ]
    mapping, info = Bitmex._parse_symbol_data(rows)
    Symbols.set(Bitmex.id, mapping, info)
    normalized = [n for n, s in mapping.items() if s in symbols]
    feed = Bitmex(symbols=normalized, channels=[L2_BOOK])
    feed._reset()

    class Conn:
        uuid = "replay"

    conn = Conn()
    handler = feed.message_handler
    loaded = list(frames(path))
    start = time.perf_counter()
    for frame, stamp in loaded:
        await handler(frame, conn, stamp)
    seconds = time.perf_counter() - start
    tops = {}
    for n in normalized:
        book = feed._l2_book[n].book
        bid = book.bids.index(0)[0] if len(book.bids) else None
        ask = book.asks.index(0)[0] if len(book.asks) else None
        tops[mapping[n]] = [str(bid) if bid is not None else None, str(ask) if ask is not None else None]
    # The same from the file on disk, as tradeterm's figure is: a fresh feed, the lines read and
    # split as they are handed over (the interpreter's start and the imports are not timed).
    feed = Bitmex(symbols=normalized, channels=[L2_BOOK])
    feed._reset()
    handler = feed.message_handler
    start = time.perf_counter()
    for frame, stamp in frames(path):
        await handler(frame, conn, stamp)
    file_seconds = time.perf_counter() - start
    print(json.dumps({"messages": len(loaded), "seconds": seconds, "file_seconds": file_seconds, "tops": tops}))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(main(sys.argv[1])))
