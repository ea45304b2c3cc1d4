#!/usr/bin/env python3
"""The per-venue baselines for `make bench`: cryptofeed's handler for a venue on the same frames.

Hands every frame of FILE to the venue's `message_handler` in cryptofeed, as its websocket loop
would, with no network: the symbol list is set from the file's own symbols instead of REST, and
where the handler asks REST for a book snapshot (Binance) it gets the recorded one from the same
file. Each pass runs over frames already in memory into a fresh feed (built outside the timing);
the median pass is reported. Prints one JSON line:

  {"venue", "messages" (a pass), "passes", "seconds" (the median pass), "warnings" (frames the
   handler logged as unexpected), "tops": {symbol: [bid, bid size, ask, ask size, bid levels, ask levels]}}

or, when cryptofeed's handler cannot run these frames, {"venue", "error": "<why, in words>",
"detail"?} with exit status 3.

Venues:
  binance-spot  a Binance spot combined stream (`<time> <frame>` lines, hftbacktest's collector
                format), the REST depth snapshot as a bare body among the frames.
  coinbase      Coinbase Advanced Trade `l2_data` frames, one JSON frame a line.
  kraken        Kraken WebSocket v2 frames, one JSON frame a line (cryptofeed 2.4.1 speaks v1).

Usage: cryptofeed-venue-baseline.py VENUE FILE [PASSES]
"""
import asyncio
import json
import logging
import statistics
import sys
import time


def frames(path):
    """Each line's frame (from its first brace: a leading receive time is dropped)."""
    out = []
    with open(path, "rb") as f:
        for raw in f:
            line = raw.strip()
            brace = line.find(b"{")
            if brace < 0:
                continue
            out.append(line[brace:].decode())
    return out


class Conn:
    uuid = "replay"


class Warnings(logging.Filter):
    """Counts (and swallows) what the handler logs as unexpected, so nothing is written."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def filter(self, record):
        self.count += 1
        return False


def top(book):
    """[bid, bid size, ask, ask size, bid levels, ask levels] of a cryptofeed OrderBook (the
    prices and sizes as text, None when the side is empty)."""
    out = []
    for side in (book.bids, book.asks):
        if len(side):
            price, size = side.index(0)
            out += [str(price), str(size)]
        else:
            out += [None, None]
    return out + [len(book.bids), len(book.asks)]


async def run_passes(make_feed, handled, passes, warnings):
    conn = Conn()
    durations = []
    feed = None
    for _ in range(passes):
        feed = make_feed()
        handler = feed.message_handler
        warnings.count = 0
        start = time.perf_counter()
        for frame in handled:
            await handler(frame, conn, 0.0)
        durations.append(time.perf_counter() - start)
    return feed, statistics.median(durations)


async def binance_spot(path, passes, warnings):
    from cryptofeed.defines import L2_BOOK, TICKER, TRADES
    from cryptofeed.exchanges.binance import Binance
    from cryptofeed.symbols import Symbols

    everything = frames(path)
    # The REST snapshot is the bare body among the frames (hftbacktest writes it in line).
    snapshots = [f for f in everything if f.startswith('{"lastUpdateId"')]
    handled = [f for f in everything if not f.startswith('{"lastUpdateId"')]
    if len(snapshots) != 1:
        return {"error": f"expected one REST depth snapshot in the file, found {len(snapshots)}"}
    snapshot = snapshots[0]
    symbols = sorted({json.loads(f)["data"]["s"] for f in handled if '"depthUpdate"' in f})
    if len(symbols) != 1:
        return {"error": f"expected one symbol's depth stream, found {symbols}"}
    symbol = symbols[0]
    # What /api/v3/exchangeInfo would say for it (only the mapping matters to the handler).
    quote = next(q for q in ("USDT", "USDC", "BTC", "ETH", "BUSD") if symbol.endswith(q))
    info = {"symbols": [{"symbol": symbol, "baseAsset": symbol[: -len(quote)], "quoteAsset": quote,
                         "status": "TRADING", "filters": [{"tickSize": "0.01"}]}]}
    mapping, extra = Binance._parse_symbol_data(info)
    Symbols.set(Binance.id, mapping, extra)
    normalized = next(n for n, s in mapping.items() if s == symbol)

    class RecordedREST:
        """`http_conn` for the handler: `_snapshot` reads the recorded depth body."""

        urls = []

        async def read(self, url, **kwargs):
            self.urls.append(url)
            return snapshot

        async def close(self):
            pass

    def make_feed():
        feed = Binance(symbols=[normalized], channels=[L2_BOOK, TICKER, TRADES])
        feed.http_conn = RecordedREST()
        return feed

    feed, seconds = await run_passes(make_feed, handled, passes, warnings)
    if normalized not in feed._l2_book:
        return {"error": "cryptofeed's Binance handler built no book from the frames"}
    return {"messages": len(handled) + 1, "seconds": seconds, "rest_reads": len(RecordedREST.urls) // passes,
            "tops": {symbol: top(feed._l2_book[normalized].book)}}


async def coinbase(path, passes, warnings):
    from cryptofeed.defines import L2_BOOK
    from cryptofeed.exchanges.coinbase import Coinbase
    from cryptofeed.symbols import Symbols

    handled = frames(path)
    products = sorted({e["product_id"] for f in handled if '"l2_data"' in f
                       for e in json.loads(f)["events"] if "product_id" in e})
    if not products:
        return {"error": "no l2_data product in the file"}
    rows = {"products": [{"base_currency_id": p.split("-")[0], "quote_currency_id": p.split("-")[1],
                          "quote_increment": "0.01", "product_id": p} for p in products]}
    mapping, extra = Coinbase._parse_symbol_data(rows)
    Symbols.set(Coinbase.id, mapping, extra)
    feed, seconds = await run_passes(
        lambda: Coinbase(symbols=list(mapping), channels=[L2_BOOK]), handled, passes, warnings)
    return {"messages": len(handled), "seconds": seconds,
            "tops": {mapping[n]: top(feed._l2_book[n].book) for n in mapping if n in feed._l2_book}}


async def kraken(path, passes, warnings):
    from cryptofeed.defines import L2_BOOK
    from cryptofeed.exchanges.kraken import Kraken
    from cryptofeed.symbols import Symbols

    handled = frames(path)
    # Kraken's v1 handler takes array frames and `event` objects; a v2 frame is an object with
    # `channel`/`type`/`data` (or `method`). Hand it the first v2 book frame and report what it
    # does with it.
    mapping, extra = Kraken._parse_symbol_data({"result": {"XXBTZUSD": {"wsname": "XBT/USD"}}})
    Symbols.set(Kraken.id, mapping, extra)
    feed = Kraken(symbols=list(mapping), channels=[L2_BOOK])
    first = next((f for f in handled if '"channel":"book"' in f), None)
    if first is None:
        return {"error": "no v2 book frame in the file"}
    try:
        await feed.message_handler(first, Conn(), 0.0)
    except Exception as e:  # noqa: BLE001 — the point is what it raises
        return {"error": "cryptofeed 2.4.1 has no Kraken v2 handler",
                "detail": "cryptofeed/exchanges/kraken.py speaks v1 only (wss://ws.kraken.com, array "
                          "frames); Kraken.message_handler raises "
                          f"{type(e).__name__}: {e} on the first v2 book frame"}
    return {"error": "cryptofeed's Kraken handler took a v2 frame without error: check by hand"}


VENUES = {"binance-spot": binance_spot, "coinbase": coinbase, "kraken": kraken}


async def main(venue, path, passes):
    warnings = Warnings()
    logging.getLogger("feedhandler").addFilter(warnings)
    result = {"venue": venue, "passes": passes}
    result.update(await VENUES[venue](path, passes, warnings))
    if "error" not in result:
        result["warnings"] = warnings.count
    print(json.dumps(result))
    return 3 if "error" in result else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in VENUES:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 20)))
