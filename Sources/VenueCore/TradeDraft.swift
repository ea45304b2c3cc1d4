import WireJSON

/// A trade read from a venue's object field by field, whatever the venue calls the fields; at
/// the object's end it becomes a `VenueTrade` in the batch, or an error naming what is missing.
public struct TradeDraft: Sendable {
  public var symbol: Symbol?
  public var price: FixedDecimal?
  public var size: FixedDecimal?
  public var aggressor: Aggressor?
  public var venueTimeMs: Int64?
  public var id: UInt64?

  public init() {}

  /// Reads the symbol (`what` names the field in an error).
  public mutating func readSymbol(_ r: inout WireReader, _ what: StaticString) throws(WireError) {
    guard let s = Symbol(utf8: try r.readStringSpan()) else {
      throw WireError("\(what) longer than \(Symbol.maxLength) bytes", at: r.position)
    }
    symbol = s
  }

  /// Reads a side word: `buy` is the venue's word for a buy (`buy`, `Buy`, `BUY`), `sell` for a
  /// sell; `maker` when the venue names the maker's side (the aggressor is the other).
  public mutating func readSide(
    _ r: inout WireReader, buy: StaticString, sell: StaticString, maker: Bool = false
  ) throws(WireError) {
    let word = try r.readStringSpan()
    let side: Aggressor
    if WireReader.equals(word, buy) {
      side = .buy
    } else if WireReader.equals(word, sell) {
      side = .sell
    } else {
      throw WireError("side neither \(buy) nor \(sell)", at: r.position)
    }
    aggressor = maker ? side.opposite : side
  }

  /// Adds the trade to `batch`, or throws naming the fields it lacks.
  public func append(to batch: inout VenueBatch, at position: Int) throws(WireError) {
    guard let symbol, let price, let size, let aggressor else {
      throw WireError("trade without its symbol, price, size or side", at: position)
    }
    batch.appendTrade(
      VenueTrade(price: price, size: size, aggressor: aggressor, venueTimeMs: venueTimeMs, id: id),
      symbol: symbol)
  }
}
