/// An instrument's identity across venues: the venue and the venue's own symbol. Screens and
/// the universe key rows by it, so another venue can be added without touching them.
public struct InstrumentID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// A trading venue tradeterm reads.
  public enum Venue: UInt8, Sendable, Hashable, Comparable {
    case bitmex

    public static func < (lhs: Venue, rhs: Venue) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public var venue: Venue
  public var symbol: Symbol

  public init(venue: Venue = .bitmex, symbol: Symbol) {
    self.venue = venue
    self.symbol = symbol
  }

  /// A BitMEX instrument.
  public static func bitmex(_ symbol: Symbol) -> InstrumentID { InstrumentID(venue: .bitmex, symbol: symbol) }

  /// The symbol: there is one venue so far, so it says enough.
  public var description: String { symbol.description }

  public static func < (lhs: InstrumentID, rhs: InstrumentID) -> Bool {
    lhs.venue != rhs.venue ? lhs.venue < rhs.venue : lhs.symbol < rhs.symbol
  }
}
