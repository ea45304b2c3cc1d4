import WireJSON

/// A liquidation read from a venue's object field by field, whatever the venue calls the fields
/// (as `TradeDraft` reads a trade). Unlike a trade, a row that cannot be read whole is **left
/// out, never an error**: a missing field, a size or price that is not a decimal (or not
/// positive), a side word the venue does not use. Liquidations are auxiliary, and one bad row
/// of an all-market stream must not cost the frame's others, nor the frame's book or trades.
/// Only JSON that is not JSON throws (the reader's errors).
public struct LiquidationDraft: Sendable {
  public var symbol: Symbol?
  public var price: FixedDecimal?
  public var size: FixedDecimal?
  /// The liquidation order's side (see `VenueLiquidation.side`).
  public var side: Aggressor?
  public var venueTimeMs: Int64?
  /// A field could not be read (its value is not what the venue documents): the row is left out.
  public var unreadable = false

  public init() {}

  /// Reads the symbol; one longer than `Symbol.maxLength` or not a string leaves the row out.
  public mutating func readSymbol(_ r: inout WireReader) throws(WireError) {
    guard r.peek() == UInt8(ascii: "\"") else { return try skip(&r) }
    symbol = Symbol(utf8: try r.readStringSpan())
    if symbol == nil { unreadable = true }
  }

  /// A decimal sent quoted or bare, from its text; anything else (a word, an empty string, an
  /// object) is nil and leaves the row out.
  public mutating func readDecimal(_ r: inout WireReader) throws(WireError) -> FixedDecimal? {
    let next = r.peek()
    guard next == UInt8(ascii: "\"") || next == UInt8(ascii: "-") || (next >= 48 && next <= 57) else {
      try skip(&r)
      return nil
    }
    guard case .success(let value) = FixedDecimal.parse(try r.readNumberOrQuoted()) else {
      unreadable = true
      return nil
    }
    return value
  }

  /// Milliseconds since the Unix epoch, quoted or bare; anything else is left unknown (the
  /// venue's time is not needed to show the liquidation).
  public mutating func readMillis(_ r: inout WireReader) throws(WireError) {
    var probe = r
    do {
      let ms = try probe.readInt64()
      r = probe
      venueTimeMs = ms >= 0 ? ms : nil
    } catch {
      try r.skipValue()
    }
  }

  /// The venue's side word: `buy` or `sell` as spelled; `position` when the word names the
  /// liquidated position's side (Bybit), whose order is the opposite. Another word, or a value
  /// that is not a string, leaves the side unknown.
  public mutating func readSide(
    _ r: inout WireReader, buy: StaticString, sell: StaticString, position: Bool = false
  ) throws(WireError) {
    guard r.peek() == UInt8(ascii: "\"") else { return try r.skipValue() }
    let word = try r.readStringSpan()
    let named: Aggressor? =
      WireReader.equals(word, buy) ? .buy : WireReader.equals(word, sell) ? .sell : nil
    guard let named else { return }
    side = position ? named.opposite : named
  }

  /// Adds the liquidation to `batch` when it is whole (a symbol, a side, a positive price and
  /// size, every field readable); returns whether it did.
  @discardableResult
  public func append(to batch: inout VenueBatch, receivedAt: Int64) -> Bool {
    guard !unreadable, let symbol, let side, let price, let size, price.mantissa > 0, size.mantissa > 0
    else { return false }
    batch.appendLiquidation(
      VenueLiquidation(
        price: price, size: size, side: side, venueTimeMs: venueTimeMs, receivedAt: receivedAt),
      symbol: symbol)
    return true
  }

  private mutating func skip(_ r: inout WireReader) throws(WireError) {
    unreadable = true
    try r.skipValue()
  }
}
