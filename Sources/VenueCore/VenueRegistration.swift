/// Everything tradeterm needs of a venue, declared by its adapter folder: its facts
/// (`VenueAbout`) and how it is followed live and replayed. The executable lists the
/// registrations, one line a venue (`Venues.registered`), and reads them rather than switch over
/// venues.
public struct VenueRegistration: Sendable {
  public var about: VenueAbout
  /// Its live setup: its WebSocket at `url` when given (the simulator's, or `--ws-url`), else the
  /// venue's own; its REST at `restHost` when given; `depth` the book's depth asked (the venue's
  /// default when it offers no such depth). Nil for a venue on a path of its own (BitMEX).
  public var live: (@Sendable (_ url: String?, _ restHost: String?, _ depth: Int?) -> VenueLiveSetup)?
  /// The decoder a recording of `symbol` is read with (nil: a path of its own).
  public var decoder: (@Sendable (_ symbol: Symbol) -> any VenueFrameDecoder)?
  /// A replay of `symbol`'s book with the venue's decoder and book rule (`--once --replay`).
  public var bookReplay: (@Sendable (_ symbol: Symbol) -> VenueBookReplay)?

  public var venue: Venue { about.venue }

  public init(
    about: VenueAbout,
    live: (@Sendable (_ url: String?, _ restHost: String?, _ depth: Int?) -> VenueLiveSetup)? = nil,
    decoder: (@Sendable (_ symbol: Symbol) -> any VenueFrameDecoder)? = nil,
    bookReplay: (@Sendable (_ symbol: Symbol) -> VenueBookReplay)? = nil
  ) {
    self.about = about
    self.live = live
    self.decoder = decoder
    self.bookReplay = bookReplay
  }
}
