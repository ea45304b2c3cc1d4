/// What `tradeterm venues` says of a venue: each adapter describes itself (its facts stay in its
/// folder), and the executable lists the adapters it registers.
public struct VenueAbout: Sendable, Hashable {
  public var venue: Venue
  /// Example instruments, as the command line takes them.
  public var examples: [String]
  /// The book's sync rule in words.
  public var bookRule: String
  /// What tradeterm reads of it so far.
  public var reads: String
  /// Whether the dashboard, `--once` and replay can run on it yet.
  public var selectable: Bool
  /// The instrument a run on this venue opens on when none is named (the venue's own symbol);
  /// nil when it has none and the run asks which.
  public var defaultSymbol: String?

  public init(
    venue: Venue, examples: [String], bookRule: String, reads: String, selectable: Bool,
    defaultSymbol: String? = nil
  ) {
    self.venue = venue
    self.examples = examples
    self.bookRule = bookRule
    self.reads = reads
    self.selectable = selectable
    self.defaultSymbol = defaultSymbol
  }

  /// The examples' symbols without their `venue:` prefix (`bitmex:ETHUSD` is `ETHUSD`).
  public var exampleSymbols: [String] { examples.map { InstrumentKey.symbolPart(of: $0) } }

  /// The list as `tradeterm venues` prints it: one block a venue.
  public static func listing(_ venues: [VenueAbout]) -> String {
    var out = ""
    for v in venues {
      out += "\(v.venue.rawValue)  \(v.venue.displayName)  \(v.selectable ? "ready" : "not yet selectable")\n"
      out += "  e.g.   \(v.examples.joined(separator: ", "))\n"
      out += "  book   \(v.bookRule)\n"
      out += "  reads  \(v.reads)\n"
    }
    return out
  }
}
