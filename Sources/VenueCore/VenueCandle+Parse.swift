import WireJSON

extension VenueCandle {
  /// The latest open time taken (1 January 2100): later is a unit mistake or garbage.
  public static let latestOpenTimeMs: Int64 = 4_102_444_800_000

  /// How a venue writes a bar's open time.
  public enum TimeUnit: Sendable, Hashable {
    /// Whole seconds since the Unix epoch (Kraken, Coinbase).
    case seconds
    /// Whole milliseconds since the Unix epoch (Binance, Bybit, OKX).
    case milliseconds
  }

  /// A bar from a venue's texts, checked: the open time is whole, non-negative `unit`s up to
  /// `latestOpenTimeMs`; each number is parsed from its text (never through `Double`); prices and
  /// volume are not negative; `low ≤ open, close ≤ high`. Every refusal names the row and the
  /// field; nothing traps.
  public static func parse(
    row: Int, openTime: String?, unit: TimeUnit, open: String?, high: String?, low: String?,
    close: String?, volume: String?
  ) throws(CandleError) -> VenueCandle {
    let time = try openTimeMs(openTime, unit: unit, row: row)
    let o = try number(open, "open", row)
    let h = try number(high, "high", row)
    let l = try number(low, "low", row)
    let c = try number(close, "close", row)
    let v = try number(volume, "volume", row)
    guard l <= h else { throw CandleError(row: row, "low \(l) above high \(h)") }
    guard l <= o, o <= h else { throw CandleError(row: row, "open \(o) outside low \(l) … high \(h)") }
    guard l <= c, c <= h else { throw CandleError(row: row, "close \(c) outside low \(l) … high \(h)") }
    return VenueCandle(openTimeMs: time, open: o, high: h, low: l, close: c, volume: v)
  }

  /// The open time in milliseconds from its decimal text.
  private static func openTimeMs(_ text: String?, unit: TimeUnit, row: Int) throws(CandleError) -> Int64 {
    guard let text else { throw CandleError(row: row, "no open time") }
    let perUnit: Int64 = unit == .seconds ? 1000 : 1
    // Digits only (no sign, point or exponent), few enough for Int64, then in range before the
    // multiplication so it cannot overflow.
    guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let n = Int64(text), n <= latestOpenTimeMs / perUnit
    else {
      let what = unit == .seconds ? "seconds" : "milliseconds"
      throw CandleError(row: row, "open time \"\(text.prefix(40))\" is not whole \(what) in 1970…2100")
    }
    return n * perUnit
  }

  /// A non-negative number from its text.
  private static func number(_ text: String?, _ field: String, _ row: Int) throws(CandleError) -> FixedDecimal
  {
    guard let text else { throw CandleError(row: row, "no \(field)") }
    var bytes = text
    switch bytes.withUTF8({ FixedDecimal.parse($0) }) {
    case .success(let value):
      guard !value.isNegative else { throw CandleError(row: row, "\(field) \(text) is negative") }
      return value
    case .failure(let reason):
      throw CandleError(row: row, "\(field) \"\(text.prefix(40))\": \(reason)")
    }
  }

  /// The bars oldest first, the venue's order kept among equal times (Coinbase, Bybit and OKX
  /// send the newest first).
  public static func oldestFirst(_ candles: [VenueCandle]) -> [VenueCandle] {
    candles.enumerated().sorted {
      $0.element.openTimeMs != $1.element.openTimeMs
        ? $0.element.openTimeMs < $1.element.openTimeMs : $0.offset < $1.offset
    }.map(\.element)
  }
}

extension VenueCandle {
  /// A bar written as an array (`[time, open, high, low, close, …]`: Binance, Bybit, OKX,
  /// Kraken), its volume at `volumeIndex`. Numbers may be quoted or not.
  public static func parse(
    row: Int, array: WireValue, unit: TimeUnit, volumeIndex: Int
  ) throws(CandleError) -> VenueCandle {
    guard let fields = array.array else { throw CandleError(row: row, "not an array") }
    guard fields.count > max(4, volumeIndex) else {
      throw CandleError(row: row, "\(fields.count) fields, at least \(max(4, volumeIndex) + 1) expected")
    }
    return try parse(
      row: row, openTime: fields[0].text, unit: unit, open: fields[1].text, high: fields[2].text,
      low: fields[3].text, close: fields[4].text, volume: fields[volumeIndex].text)
  }
}
