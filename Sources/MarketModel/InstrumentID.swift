/// An instrument's identity across venues: the venue and the venue's own symbol. Screens and
/// the universe key rows by it, so another venue can be added without touching them.
public struct InstrumentID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// A trading venue tradeterm reads: the core's one `Venue` type (its name, in two words; its
  /// value spelt by its adapter), spelt here as the model always has.
  public typealias Venue = VenueCore.Venue

  public var venue: Venue
  public var symbol: Symbol

  public init(venue: Venue = .bitmex, symbol: Symbol) {
    self.venue = venue
    self.symbol = symbol
  }

  /// A BitMEX instrument.
  public static func bitmex(_ symbol: Symbol) -> InstrumentID { InstrumentID(venue: .bitmex, symbol: symbol) }

  /// The symbol, after its venue's name for any venue but BitMEX (`kraken:BTC/USD`, as the
  /// command line names it); BitMEX's symbols stand alone as they always have.
  public var description: String { venue == .bitmex ? symbol.description : "\(venue.name):\(symbol)" }

  public static func < (lhs: InstrumentID, rhs: InstrumentID) -> Bool {
    lhs.venue != rhs.venue ? lhs.venue < rhs.venue : lhs.symbol < rhs.symbol
  }
}
