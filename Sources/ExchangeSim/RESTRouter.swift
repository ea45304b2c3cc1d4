import FoundationEssentials
import MarketModel
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#endif

/// Answers the REST API under `/api/v1` from the world: `instrument`, `instrument/active`,
/// `trade`, `trade/bucketed`, `orderBook/L2`, `schema/websocketHelp`. Errors come in
/// BitMEX's shape, `{"error":{"message":"…","name":"HTTPError"}}`.
struct RESTRouter {
  /// An HTTP answer.
  struct Response {
    var status: HTTPResponseStatus
    var body: [UInt8]
  }

  /// The largest `count` BitMEX serves.
  static let maxCount = 1_000

  let world: SimWorld

  func respond(method: HTTPMethod, uri: String) -> Response {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var path = String(parts[0])
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let query = parts.count > 1 ? Self.query(String(parts[1])) : [:]
    guard path.hasPrefix("/api/v1/") else { return notFound() }
    let route = String(path.dropFirst("/api/v1".count))
    let known = [
      "/instrument", "/instrument/active", "/instrument/activeAndIndices", "/trade", "/trade/bucketed",
      "/orderBook/L2", "/schema/websocketHelp",
    ]
    guard known.contains(route) else { return notFound() }
    guard method == .GET else {
      return Response(status: .methodNotAllowed, body: FrameEncoder.restError("Method Not Allowed"))
    }
    let count: Int
    switch Self.count(query["count"]) {
    case .success(let n): count = n
    case .failure(let error): return error.response
    }
    let reverse = query["reverse"] == "true"
    switch route {
    case "/instrument":
      return instruments(query["symbol"])
    case "/instrument/active", "/instrument/activeAndIndices":
      return instruments(nil)
    case "/trade":
      return trades(query["symbol"], count: count, reverse: reverse)
    case "/trade/bucketed":
      return bucketed(query, count: count, reverse: reverse)
    case "/orderBook/L2":
      return orderBook(query)
    default:
      return Response(status: .ok, body: FrameEncoder.websocketHelp())
    }
  }

  private func notFound() -> Response {
    Response(status: .notFound, body: FrameEncoder.restError("Not Found"))
  }

  private func validation(_ message: String) -> Response {
    Response(status: .badRequest, body: FrameEncoder.restError(message, name: "ValidationError"))
  }

  /// The slots a `symbol` parameter selects: one, none (unknown), or all (absent).
  private func slots(_ symbol: String?) -> [MarketSlot] {
    guard let symbol else { return world.slots }
    return world.slot(symbol).map { [$0] } ?? []
  }

  private func instruments(_ symbol: String?) -> Response {
    let now = world.nowMs()
    let body = FrameEncoder.array { w in
      for slot in slots(symbol) {
        FrameEncoder.instrumentRow(&w, slot.market, slot.generator.ticker(timeMs: now))
      }
      let extra = symbol.map { world.universeSlot($0).map { [$0] } ?? [] } ?? world.tickerOnly
      for slot in extra {
        FrameEncoder.instrumentRow(&w, slot.market, slot.published)
      }
    }
    return Response(status: .ok, body: body)
  }

  private func trades(_ symbol: String?, count: Int, reverse: Bool) -> Response {
    let body = FrameEncoder.array { w in
      for slot in slots(symbol) {
        let recent = slot.generator.history.recent(count)
        for trade in reverse ? recent.reversed() : recent {
          FrameEncoder.tradeRow(&w, slot.market, trade)
        }
      }
    }
    return Response(status: .ok, body: body)
  }

  private func bucketed(_ query: [String: String], count: Int, reverse: Bool) -> Response {
    let sizes = ["1m": 1, "5m": 5, "1h": 60, "1d": 1_440]
    guard let minutes = sizes[query["binSize"] ?? "1m"] else {
      return validation("Invalid binSize: must be one of 1m, 5m, 1h, 1d.")
    }
    var partial = query["partial"] == "true"
    var now = world.nowMs()
    // `endTime` pages back: the bins stamped (ended) at or before it, the newest `count`.
    if let text = query["endTime"] {
      guard let end = UTCTime.parse(text) else { return validation("Invalid endTime: \(text)") }
      if end < now {
        now = end
        partial = false
      }
    }
    let body = FrameEncoder.array { w in
      for slot in slots(query["symbol"]) {
        let g = slot.generator
        let bins = g.history.bins(
          binMinutes: minutes, count: count, partial: partial, nowMs: now, seed: world.config.seed,
          symbol: slot.symbol, lot: g.instrument.lotSize,
          volatilityTicks: g.instrument.startPrice * 0.0003 / g.scale.tickSize)
        for bin in reverse ? bins.reversed() : bins {
          FrameEncoder.binRow(&w, slot.market, bin)
        }
      }
    }
    return Response(status: .ok, body: body)
  }

  private func orderBook(_ query: [String: String]) -> Response {
    guard let symbol = query["symbol"] else { return validation("'symbol' is required.") }
    var depth = 25
    if let text = query["depth"] {
      guard let d = Int(text), d >= 0 else { return validation("'depth' must be a non-negative integer.") }
      depth = d == 0 ? .max : d
    }
    let now = world.nowMs()
    let body = FrameEncoder.array { w in
      guard let slot = world.slot(symbol) else { return }
      let book = slot.generator.book
      FrameEncoder.bookRows(
        &w, slot.market, bids: book.top(.buy, depth), asks: book.top(.sell, depth), timeMs: now)
    }
    return Response(status: .ok, body: body)
  }

  // MARK: Parameters

  /// A bad parameter, as a response.
  struct BadParameter: Error {
    var response: Response
  }

  /// `count`: default 100, a positive integer, at most `maxCount` (larger values are clamped).
  static func count(_ text: String?) -> Result<Int, BadParameter> {
    guard let text else { return .success(100) }
    guard let n = Int(text), n > 0 else {
      return .failure(
        BadParameter(
          response: Response(
            status: .badRequest,
            body: FrameEncoder.restError("'count' must be a positive integer.", name: "ValidationError"))))
    }
    return .success(min(n, maxCount))
  }

  /// `text` with each `%XY` replaced by its byte; as it is when that is not valid UTF-8.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    func hex(_ c: UInt8) -> UInt8? {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hex(bytes[i + 1]),
        let low = hex(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(validating: out, as: UTF8.self) ?? text
  }

  /// The parameters of a query string, percent-decoded (`+` is a space).
  static func query(_ text: String) -> [String: String] {
    var out: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ s: Substring) -> String {
        percentDecoded(String(s.replacing("+", with: " ")))
      }
      out[decode(kv[0])] = kv.count > 1 ? decode(kv[1]) : ""
    }
    return out
  }
}
