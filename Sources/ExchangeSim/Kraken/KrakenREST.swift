import NIOHTTP1

/// Kraken's public REST API under `/kraken/0/public/`, answered from the world: `AssetPairs`,
/// `Ticker` and `OHLC`, in Kraken's envelope (`{"error":[],"result":{…}}`, HTTP 200 even for
/// an error, whose text is in `error`: `EQuery:Unknown asset pair`).
struct KrakenREST {
  /// Where the API lives.
  static let prefix = "/kraken/0/public/"

  /// The intervals `OHLC` serves, in minutes.
  static let intervals = [1, 5, 15, 30, 60, 240, 1_440, 10_080, 21_600]
  /// The most candles one `OHLC` answer holds.
  static let maxCandles = 720

  let world: SimWorld

  private var venue: KrakenVenue { world.kraken }

  func respond(method: HTTPMethod, uri: String) -> RESTRouter.Response {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let query = parts.count > 1 ? RESTRouter.query(String(parts[1])) : [:]
    guard path.hasPrefix(Self.prefix) else { return notFound() }
    let route = String(path.dropFirst(Self.prefix.count))
    guard ["AssetPairs", "Ticker", "OHLC"].contains(route) else {
      return RESTRouter.Response(status: .ok, body: Self.errorBody("EGeneral:Unknown method"))
    }
    guard method == .GET || method == .POST else {
      return RESTRouter.Response(
        status: .methodNotAllowed, body: Self.errorBody("EGeneral:Invalid arguments"))
    }
    let selected: [Int]
    switch pairs(query["pair"]) {
    case .some(let list): selected = list
    case nil: return RESTRouter.Response(status: .ok, body: Self.errorBody("EQuery:Unknown asset pair"))
    }
    switch route {
    case "AssetPairs": return RESTRouter.Response(status: .ok, body: assetPairs(selected))
    case "Ticker": return RESTRouter.Response(status: .ok, body: ticker(selected))
    default: return ohlc(selected, query)
    }
  }

  private func notFound() -> RESTRouter.Response {
    RESTRouter.Response(status: .notFound, body: Self.errorBody("EGeneral:Unknown method"))
  }

  /// `{"error":["…"]}`.
  static func errorBody(_ message: String) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("error")
    w.beginArray()
    w.item()
    w.string(message)
    w.endArray()
    w.endObject()
    return w.bytes
  }

  /// The pairs a `pair` parameter names (comma-separated; each the REST key, the altname, the
  /// wsname, the v2 symbol or that without its slash, as `KrakenAdapter` writes it: `BTCUSD`):
  /// every pair when absent, nil when one is unknown.
  private func pairs(_ parameter: String?) -> [Int]? {
    guard let parameter, !parameter.isEmpty else { return Array(venue.pairs.indices) }
    var out: [Int] = []
    for name in parameter.split(separator: ",").map(String.init) {
      guard
        let i = venue.pairs.firstIndex(where: {
          let p = $0.pair
          return p.restKey == name || p.altname == name || p.wsname == name || p.symbol == name
            || String(p.symbol.filter { $0 != "/" }) == name
        })
      else { return nil }
      out.append(i)
    }
    return out
  }

  /// `{"error":[],"result":{` … `}}` around what `body` writes.
  private func envelope(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var w = JSONWriter(capacity: 4_096)
    w.raw(#"{"error":[],"result":"#)
    w.beginObject()
    body(&w)
    w.endObject()
    w.raw("}")
    return w.bytes
  }

  private func assetPairs(_ selected: [Int]) -> [UInt8] {
    envelope { w in
      for i in selected {
        let p = venue.pairs[i].pair
        w.key(p.restKey)
        w.beginObject()
        for (key, value) in [
          ("altname", p.altname), ("wsname", p.wsname), ("aclass_base", "currency"), ("base", p.restBase),
          ("aclass_quote", "currency"), ("quote", p.restQuote), ("lot", "unit"),
        ] {
          w.key(key)
          w.string(value)
        }
        w.key("cost_decimals")
        w.int(5)
        w.key("pair_decimals")
        w.int(p.pricePrecision)
        w.key("lot_decimals")
        w.int(p.qtyPrecision)
        w.key("lot_multiplier")
        w.int(1)
        w.raw(#","leverage_buy":[],"leverage_sell":[],"fees":[[0,0.4],[10000,0.35],[50000,0.24]],"#)
        w.raw(#""fees_maker":[[0,0.25],[10000,0.2],[50000,0.14]],"fee_volume_currency":"ZUSD","#)
        w.raw(#""margin_call":80,"margin_stop":40"#)
        w.key("ordermin")
        w.string(Self.trimmed(KrakenDecimal.string(p.minQtyUnits, precision: p.qtyPrecision)))
        w.key("costmin")
        w.string("0.5")
        w.key("tick_size")
        w.string(KrakenDecimal.string(1, precision: p.pricePrecision))
        w.key("status")
        w.string("online")
        w.endObject()
      }
    }
  }

  /// The quantity a synthetic (pre-start) candle's volume is counted in: about 200 in the quote
  /// currency, to one significant digit (so its volumes read like volumes, `1500.00000000`).
  static func syntheticLot(_ pair: KrakenPair) -> Int64 {
    let units = max(1, Int64(min(1e17, 200 / max(pair.startPrice, 1e-12) * pair.qtyUnitsPerOne)))
    var magnitude: Int64 = 1
    while magnitude <= units / 10 { magnitude *= 10 }
    return units / magnitude * magnitude
  }

  /// `0.00005000` → `0.00005` (REST writes `ordermin` without trailing zeros).
  static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var t = Substring(text)
    while t.hasSuffix("0") { t = t.dropLast() }
    if t.hasSuffix(".") { t = t.dropLast() }
    return String(t)
  }

  private func ticker(_ selected: [Int]) -> [UInt8] {
    envelope { w in
      for i in selected {
        let s = venue.pairs[i]
        let p = s.pair
        let d = s.day
        func price(_ units: Int64) -> String { KrakenDecimal.string(units, precision: p.pricePrecision) }
        func qty(_ units: Int64) -> String { KrakenDecimal.string(units, precision: p.qtyPrecision) }
        func strings(_ key: String, _ values: [String]) {
          w.key(key)
          w.beginArray()
          for v in values {
            w.item()
            w.string(v)
          }
          w.endArray()
        }
        w.key(p.restKey)
        w.beginObject()
        strings("a", [price(d.ask), "1", qty(d.askQty)])
        strings("b", [price(d.bid), "1", qty(d.bidQty)])
        strings("c", [price(d.last), qty(d.lastQty)])
        strings("v", [qty(d.volume), qty(d.volume)])
        strings("p", [price(Int64(d.vwap.rounded())), price(Int64(d.vwap.rounded()))])
        w.key("t")
        w.beginArray()
        w.item()
        w.int(d.trades)
        w.item()
        w.int(d.trades)
        w.endArray()
        strings("l", [price(d.low), price(d.low)])
        strings("h", [price(d.high), price(d.high)])
        w.key("o")
        w.string(price(d.open))
        w.endObject()
      }
    }
  }

  /// `OHLC?pair=…&interval=M&since=S`: up to 720 candles of one pair, oldest first, each
  /// `[time, "open", "high", "low", "close", "vwap", "volume", count]` (time the candle's start in
  /// seconds), and `last` (the newest finished candle's time, the `since` of the next poll).
  private func ohlc(_ selected: [Int], _ query: [String: String]) -> RESTRouter.Response {
    guard selected.count == 1, let i = selected.first, query["pair"] != nil else {
      return RESTRouter.Response(status: .ok, body: Self.errorBody("EGeneral:Invalid arguments"))
    }
    let interval = query["interval"].map { Int($0) } ?? 1
    guard let minutes = interval, Self.intervals.contains(minutes) else {
      return RESTRouter.Response(status: .ok, body: Self.errorBody("EGeneral:Invalid arguments"))
    }
    var since: Int64?
    if let text = query["since"] {
      guard let s = Int64(text) else {
        return RESTRouter.Response(status: .ok, body: Self.errorBody("EGeneral:Invalid arguments"))
      }
      since = s
    }
    let state = venue.pairs[i]
    let p = state.pair
    let binMs = Int64(minutes) * 60_000
    let bins = state.history.bins(
      binMinutes: minutes, count: Self.maxCandles, partial: true, nowMs: world.nowMs(),
      seed: world.config.seed,
      symbol: "kraken/\(p.symbol)", lot: Self.syntheticLot(p),
      volatilityTicks: Double(state.day.last) * 0.0003)
    let body = envelope { w in
      w.key(p.restKey)
      w.beginArray()
      for bin in bins {
        let start = (bin.endMs - binMs) / 1_000
        if let since, start < since { continue }
        w.item()
        w.beginArray()
        w.item()
        w.int(start)
        for units in [
          bin.open, bin.high, bin.low, bin.close, Int64((bin.vwapTicks ?? Double(bin.close)).rounded()),
        ] {
          w.item()
          w.string(KrakenDecimal.string(units, precision: p.pricePrecision))
        }
        w.item()
        w.string(KrakenDecimal.string(bin.volume, precision: p.qtyPrecision))
        w.item()
        w.int(bin.trades)
        w.endArray()
      }
      w.endArray()
      w.key("last")
      // The newest finished candle (the one in progress is last and may still change).
      w.int(bins.count >= 2 ? (bins[bins.count - 2].endMs - binMs) / 1_000 : 0)
    }
    return RESTRouter.Response(status: .ok, body: body)
  }
}
