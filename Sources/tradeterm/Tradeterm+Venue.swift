import App
import ArgumentParser
import Binance
import BitMEX
import Bybit
import Coinbase
import Config
import Kraken
import MarketModel
import OKX
import Replay
import VenueCore

/// The venues tradeterm knows: one line each, each its adapter's registration (what `tradeterm
/// venues` lists, how each is followed live and replayed).
enum Venues {
  static let registered: [VenueRegistration] =
    [.bitmex, .kraken, .binance, .binanceUSDM, .coinbase] + VenueRegistration.bybit + [.okx]

  /// The registered venues, in the registration's order (the order people see them in).
  static let names: [Venue] = registered.map(\.venue)

  /// `venue`'s registration, nil for one not registered.
  static func registration(_ venue: Venue) -> VenueRegistration? { byVenue[venue] }

  private static let byVenue: [Venue: VenueRegistration] = Dictionary(
    registered.map { ($0.venue, $0) }, uniquingKeysWith: { first, _ in first })

  static func about(_ venue: Venue) -> VenueAbout? { directory[venue] }

  /// The name people know `venue` by (its `VenueAbout`'s), else its name.
  static func displayName(_ venue: Venue) -> String { about(venue)?.displayName ?? venue.name }

  /// Every registered venue's `VenueAbout` by venue: the facts the app reads (`AppState.venues`).
  static let directory: [Venue: VenueAbout] = byVenue.mapValues(\.about)

  /// Each venue's default instrument, as its registration gives it (BitMEX's alone has one).
  static let defaultSymbols: [Venue: String] = Dictionary(
    uniqueKeysWithValues: registered.compactMap { r in r.about.defaultSymbol.map { (r.venue, $0) } })

  /// The venue a bare symbol means when the config names none, and the symbol a run on it opens
  /// on: BitMEX's.
  static let home: VenueAbout = .bitmex
  /// The home venue's default symbol, for the help's examples.
  static let homeSymbol = home.defaultSymbol ?? "SYMBOL"
}

extension Tradeterm {
  /// What the command line names: the instrument argument or `--symbol` (not the `config` and
  /// `venues` commands), read for its `venue:` prefix with `--venue`.
  var namedInstrument: Result<(venue: Venue?, symbol: String?), StartInstrument.Problem> {
    StartInstrument.named(given: givenInstrument, venueOption: venueOption, venues: Venues.names)
  }

  /// The instrument argument or `--symbol` as typed, unless the argument is a command.
  private var givenInstrument: String? {
    (instrument ?? symbolOption).flatMap { $0 == "config" || $0 == "venues" ? nil : $0 }
  }

  /// The instrument the run opens on: the command line's venue and symbol over the config's
  /// (`StartInstrument`), or one line saying why not.
  func startInstrument(_ settings: Settings) throws -> StartInstrument {
    switch StartInstrument.resolve(
      given: givenInstrument, venueOption: venueOption, settings: settings, venues: Venues.names)
    {
    case .success(let chosen): return chosen
    case .failure(let problem): throw fail(problem.message)
    }
  }

  /// The venue of `chosen` can run: BitMEX in every mode; Kraken, Binance spot, Coinbase, Bybit
  /// and OKX on the dashboard (live, `--demo` or `--replay`); a recording of any with `--once
  /// --replay`; the others say what they lack. The venue is the command line's, else the
  /// config's; a `--once --replay` of another venue's recording is read as that venue's.
  func validateVenue(_ chosen: StartInstrument) throws {
    let venue = chosen.venue
    switch venue {
    case .bitmex: break
    case _ where once && replay != nil: break
    case _ where VenueLive.of(venue, url: nil) != nil:
      guard chosen.symbol != nil else {
        let example = Venues.about(venue)?.examples.first ?? "\(venue):SYMBOL"
        throw fail("which \(Venues.displayName(venue)) instrument? e.g. `tradeterm \(example)`")
      }
      if testnet { throw fail("--testnet is BitMEX's; \(Venues.displayName(venue)) has none here") }
      if once, markets || portfolio {
        throw fail(
          "--once \(markets ? "--markets" : "--portfolio") prints BitMEX's for now; on \(Venues.displayName(venue))"
            + " --once prints the book and the tape")
      }
    default:
      let why = Venues.about(venue)?.reads ?? "no adapter"
      throw fail(
        "\(Venues.displayName(venue)) is not selectable yet (\(why)); a recording of it replays with --once --replay FILE;"
          + " `tradeterm venues` says what each venue can do")
    }
    if let depthOption {
      let depths = VenueLive.of(venue, url: nil)?.adapter.bookDepths
      if venue == .bitmex || depths != nil,
        let problem = DepthChoice.problem(depthOption, venue: venue, depths: depths ?? [])
      {
        throw fail(TerminalText.sanitized(problem))
      }
    }
  }
}

extension Venues {
  /// The decoder a recording of `venue` is read with (BitMEX has its own path: nil). Binance's
  /// reads a REST snapshot body of `symbol` in the recording (hftbacktest's captures hold one
  /// inline) as that symbol's snapshot, which its bridging book rule starts from.
  static func frameDecoder(_ venue: Venue, symbol: Symbol) -> (any VenueFrameDecoder)? {
    registration(venue)?.decoder?(symbol)
  }

  /// A replay of `symbol`'s book with the venue's decoder and sync rule (BitMEX has its own
  /// path: nil).
  static func bookReplay(_ venue: Venue, symbol: Symbol) -> VenueBookReplay? {
    registration(venue)?.bookReplay?(symbol)
  }
}

extension Tradeterm {
  /// `--once --replay FILE` of another venue than BitMEX: its book through its own decoder and
  /// sync rule, printed with the integrity counts.
  func replayVenueBook(path: String, venue: Venue, symbol symbolText: String?, json: Bool, levels: Int) throws
  {
    guard let symbolText, let symbol = Symbol(symbolText),
      var replay = Venues.bookReplay(venue, symbol: symbol)
    else {
      throw fail(
        "--replay of a \(Venues.displayName(venue)) recording needs the instrument: --symbol or \(venue):SYMBOL"
      )
    }
    let reader: RecordingReader
    do {
      reader = try RecordingReader(path: path)
    } catch {
      throw fail(
        "cannot replay \(TerminalText.sanitized(path)): \(TerminalText.sanitized(error.description))")
    }
    var otherVenues = 0
    do {
      while let line = try reader.nextLine() {
        let (parsed, kind) = RecordedLine.parse(line)
        guard case .frame = kind else { continue }
        if let tagged = parsed.venue, tagged != venue {
          otherVenues += 1
          continue
        }
        let frame = UnsafeRawBufferPointer(rebasing: line[parsed.frameStart...])
        // Seconds to nanoseconds (a time past Int64 nanoseconds is no time), else the line number.
        let ns = parsed.time.flatMap { $0 * 1e9 < 9e18 ? Int64($0 * 1e9) : nil } ?? Int64(reader.lineNumber)
        replay.feed(
          UnsafeBufferPointer(
            start: frame.baseAddress?.assumingMemoryBound(to: UInt8.self), count: frame.count),
          receivedAt: ns)
      }
    } catch {
      throw fail(
        "cannot read \(TerminalText.sanitized(path)) on: \(TerminalText.sanitized(error.description))")
    }
    guard replay.bookMessages > 0 else {
      throw fail(
        "\(TerminalText.sanitized(path)) holds no \(Venues.displayName(venue)) book of \(TerminalText.sanitized(symbolText))"
          + (replay.badFrames > 0
            ? " (\(replay.badFrames) frames not read: \(replay.lastBadFrame ?? ""))" : ""))
    }
    if otherVenues > 0 {
      printError("tradeterm: skipped \(otherVenues) line(s) of other venues (replayed as \(venue))")
    }
    print(VenueBookReport(replay: replay, venue: venue, levels: levels).text(json: json), terminator: "")
  }
}
