import MarketModel
import VenueCore

/// What `--depth` (or the config's `depth`) asks of the book: a number of levels a side, or the
/// whole book. Each venue has its own list (BitMEX 25 or full; Kraken 10, 25, 100, 500, 1000;
/// Bybit 1, 50, 200, 1000; OKX 5 or 400; Binance's bridged book and Coinbase's `level2` are
/// whole): anything else is refused with that list.
enum DepthChoice: Equatable, CustomStringConvertible {
  case levels(Int)
  case full

  /// `full`, or a whole number of levels from 1 to 100,000 (nil: neither).
  init?(_ text: String) {
    if text == "full" {
      self = .full
      return
    }
    guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
      let n = Int(text), (1...100_000).contains(n)
    else { return nil }
    self = .levels(n)
  }

  var description: String {
    switch self {
    case .levels(let n): String(n)
    case .full: "full"
    }
  }

  /// BitMEX's book table for the choice: the top 25 or the whole book; nil for any other depth.
  var bitmexTable: BookTable? {
    switch self {
    case .levels(25): .top25
    case .full: .full
    case .levels: nil
    }
  }

  /// The depth to subscribe on a venue offering `depths` (its first the default; `[0]`: the venue
  /// sends its whole book, with no depth to choose): the one asked when listed, the deepest for
  /// `full`; nil when the venue has no such depth.
  func venueDepth(_ depths: [Int]) -> Int? {
    switch self {
    case .full: depths.max()
    case .levels(let n): depths.contains(n) && n > 0 ? n : nil
    }
  }

  /// Why `--depth` cannot be `text` on `venue` offering `depths`, in one line; nil when it can.
  static func problem(_ text: String, venue: Venue, depths: [Int]) -> String? {
    let choice = DepthChoice(text)
    if venue == .bitmex {
      return choice?.bitmexTable != nil ? nil : "--depth for BitMEX is 25 or full"
    }
    if choice?.venueDepth(depths) != nil { return nil }
    let listed = depths.filter { $0 > 0 }.sorted()
    if listed.count <= 1 {
      return "\(Venues.displayName(venue)) sends its whole book here: --depth takes only full"
    }
    return
      "--depth for \(Venues.displayName(venue)) is one of \(listed.map(String.init).joined(separator: ", ")) or full"
  }

  /// The depth a venue is subscribed at: `--depth`'s when given (checked already), else the
  /// config's when the venue offers it (`full`: its deepest), else the venue's default; nil for a
  /// venue that sends its whole book.
  static func venueDepth(option: String?, config: String, depths: [Int]) -> Int? {
    guard let first = depths.first, first > 0 else { return nil }
    for text in [option, config].compactMap({ $0 }) {
      if let depth = DepthChoice(text)?.venueDepth(depths) { return depth }
    }
    return first
  }
}
