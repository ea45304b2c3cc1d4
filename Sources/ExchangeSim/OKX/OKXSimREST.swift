import NIOHTTP1

/// OKX v5's public REST: `/api/v5/public/instruments?instType=SPOT|SWAP|FUTURES` (the rows
/// `OKXInstruments` reads: tick, lot, `ctVal`, `ctType`) and `/api/v5/market/candles?instId&bar
/// [&after][&limit]` (rows `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`, newest first,
/// at most 300, older than `after`), in OKX's `code` envelope.
struct OKXSimREST {
  let world: FollowerWorld

  func respond(_ path: String, _ query: [String: String]) -> RESTRouter.Response {
    switch path {
    case "/api/v5/public/instruments": return instruments(query)
    case "/api/v5/market/candles": return candles(query)
    default: return envelope(code: "50000", message: "Not found") { _ in }
    }
  }

  private func envelope(
    code: String, message: String, _ rows: (inout JSONWriter) -> Void
  ) -> RESTRouter.Response {
    var w = JSONWriter(capacity: 4_096)
    w.beginObject()
    w.fields([("code", code), ("msg", message)])
    w.key("data")
    w.beginArray()
    rows(&w)
    w.endArray()
    w.endObject()
    return RESTRouter.Response(status: code == "0" ? .ok : .badRequest, body: w.bytes)
  }

  private func instruments(_ query: [String: String]) -> RESTRouter.Response {
    guard let type = query["instType"], !type.isEmpty else {
      return envelope(code: "50014", message: "Parameter instType can not be empty") { _ in }
    }
    guard ["SPOT", "SWAP", "FUTURES", "MARGIN", "OPTION"].contains(type) else {
      return envelope(code: "51000", message: "Parameter instType error") { _ in }
    }
    return envelope(code: "0", message: "") { w in
      for listing in world.listings(.okx) where (listing.symbol.hasSuffix("-SWAP") ? "SWAP" : "SPOT") == type
      {
        w.item()
        w.beginObject()
        var ctVal = ""
        var ctValCcy = ""
        var ctType = ""
        var settle = ""
        switch listing.contract {
        case .base: break
        case .linear(let v):
          (ctVal, ctValCcy, ctType, settle) = (
            FollowerText.decimal(v, 4), listing.base, "linear", listing.quote
          )
        case .inverse(let v):
          (ctVal, ctValCcy, ctType, settle) = (
            FollowerText.decimal(v, 0), listing.quote, "inverse", listing.base
          )
        }
        // Trailing zeros off: "0.0100" → "0.01".
        while ctVal.contains(".") && (ctVal.hasSuffix("0") || ctVal.hasSuffix(".")) { ctVal.removeLast() }
        let swap = type == "SWAP"
        w.fields([
          ("alias", ""), ("baseCcy", swap ? "" : listing.base), ("category", "1"),
          ("ctMult", swap ? "1" : ""),
          ("ctType", ctType), ("ctVal", ctVal), ("ctValCcy", ctValCcy), ("expTime", ""),
          ("instFamily", swap ? "\(listing.base)-\(listing.quote)" : ""), ("instId", listing.symbol),
          ("instType", type), ("lever", "100"), ("listTime", "1611916828000"), ("lotSz", listing.lotText),
          ("maxLmtSz", "100000000"), ("maxMktSz", "10000"), ("minSz", listing.lotText), ("optType", ""),
          ("quoteCcy", swap ? "" : listing.quote), ("settleCcy", settle), ("state", "live"), ("stk", ""),
          ("tickSz", listing.tickText), ("uly", swap ? "\(listing.base)-\(listing.quote)" : ""),
        ])
        w.endObject()
      }
    }
  }

  /// A bar name's width in minutes: `1m`, `5m`, `1H`, `4H`, `6Hutc`, `1D`, `1Dutc`, `1W`, `1Wutc`.
  static func minutes(_ bar: String) -> Int? {
    var text = Substring(bar)
    if text.hasSuffix("utc") { text = text.dropLast(3) }
    guard let unit = text.last, let n = Int(text.dropLast()), n > 0, n <= 1_000 else { return nil }
    switch unit {
    case "m": return n
    case "H": return n * 60
    case "D": return n * 1_440
    case "W": return n * 10_080
    default: return nil
    }
  }

  private func candles(_ query: [String: String]) -> RESTRouter.Response {
    guard let instID = query["instId"], let listing = world.listing(.okx, instID) else {
      return envelope(code: "51001", message: "Instrument ID does not exist") { _ in }
    }
    guard let minutes = Self.minutes(query["bar"] ?? "1m") else {
      return envelope(code: "51000", message: "Parameter bar error") { _ in }
    }
    let limit = query["limit"].flatMap { Int($0) } ?? 100
    guard (1...300).contains(limit) else {
      return envelope(code: "51000", message: "Parameter limit error") { _ in }
    }
    var last = world.world.nowMs()
    if let after = query["after"] {
      guard let ms = Int64(after), ms > 0 else {
        return envelope(code: "51000", message: "Parameter after error") { _ in }
      }
      last = min(last, ms - 1)
    }
    let list = world.candles(listing, minutes: minutes, count: limit, lastStartMs: last)
    return envelope(code: "0", message: "") { w in
      for c in list.reversed() {
        w.item()
        w.strings([
          String(c.startMs), c.open, c.high, c.low, c.close, c.volume, c.volume, c.turnover,
          c.inProgress ? "0" : "1",
        ])
      }
    }
  }
}
