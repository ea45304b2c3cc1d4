import CrossVenue
import VenueCore

/// How the cross-venue widgets tell the chosen instruments apart: a letter and a colour each, in
/// the order they are chosen. The letter is the venue's, as its adapter declares it
/// (`VenueAbout.mark`: `K` Kraken, `F` Binance USDⓈ-M, `M` BitMEX…; a venue without one, its
/// name's first letter); a second instrument of the same letter takes it in lower case, a third a
/// digit. Colours come from roles the theme already has, so
/// every theme (and `monochrome`, where the letters carry it alone) draws them.
public struct VenueMarks: Sendable, Hashable {
  /// One letter per instrument, in order.
  public private(set) var letters: [Character]
  /// One colour role per instrument, in order.
  public private(set) var colors: [Style.Color]

  /// The roles instruments are coloured with, in turn: none of them is the bid's or the ask's.
  public static let palette: [Style.Color] = [
    .accent, .warning, .heat5, .heat3, .heat4, .heat2, .normal, .muted,
  ]

  /// The marks of `keys`, each venue's letter from `venueLetters`.
  public init(_ keys: [InstrumentKey], venueLetters: [Venue: Character]) {
    var letters: [Character] = []
    for (n, key) in keys.enumerated() {
      let letter = venueLetters[key.venue] ?? key.venue.name.uppercased().first ?? "?"
      let candidates: [Character] = [letter, Character(letter.lowercased())] + "123456789".map { $0 }
      letters.append(candidates.first { !letters.contains($0) } ?? Character(String(n % 10)))
    }
    self.letters = letters
    colors = keys.indices.map { Self.palette[$0 % Self.palette.count] }
  }

  /// Instrument `n`'s letter (`?` past the list).
  public func letter(_ n: Int) -> Character { letters.indices.contains(n) ? letters[n] : "?" }

  /// Instrument `n`'s colour (`muted` past the list).
  public func color(_ n: Int) -> Style.Color { colors.indices.contains(n) ? colors[n] : .muted }

  /// Instrument `n`'s letter as a styled cell.
  public func cell(_ n: Int, bold: Bool = true) -> Cell { Cell(letter(n), Style(color(n), bold: bold)) }
}
