import Foundation
import Testing
import VenueCore

/// A venue is its name, held in two words: what makes a name, and that a venue compares, hashes
/// and codes as its name whichever way it was made.
@Suite struct VenueTests {
  @Test(arguments: ["bitmex", "kraken", "binance-usdm", "bybit-inverse", "okx", "a", "x1", "abcdefghijklmno"])
  func aWellFormedNameIsAVenue(name: String) throws {
    let venue = try #require(Venue(name: name))
    #expect(venue.name == name && venue.rawValue == name && venue.description == name)
    #expect(venue.count == name.utf8.count)
  }

  @Test(arguments: [
    "", "abcdefghijklmnop", "1inch", "-okx", "bit mex", "bitmex!", "kraken:", "okx_v5", "bın", "bit\u{0}mex",
  ])
  func anythingElseIsNot(name: String) {
    #expect(Venue(name: name) == nil, "\(name)")
    #expect(Venue(rawValue: name) == nil, "\(name)")
  }

  /// Among the registered venues only those names (in any case); among none, any venue's name.
  @Test func aNameAmongTheRegisteredIsOneOfThem() {
    let registered = [Venue.bitmex, Venue(name: "kraken")!]
    #expect(Venue(name: "Kraken", among: registered)?.name == "kraken")
    #expect(Venue(name: "krakn", among: registered) == nil)
    #expect(Venue(name: "1inch", among: registered) == nil)
    #expect(Venue(name: "krakn", among: [])?.name == "krakn")
    #expect(Venue(name: "1inch", among: []) == nil)
  }

  /// A venue's name at the start of 16 bytes is told by two word compares: exactly its bytes,
  /// whatever follows; a name that only starts the same, or is a prefix of it, is not it.
  @Test(arguments: ["bitmex", "okx", "binance-usdm", "bybit-inverse", "abcdefgh", "abcdefghijklmno"])
  func aNameIsToldAtTheStartOfSixteenBytes(name: String) throws {
    let venue = try #require(Venue(name: name))
    func prefixes(_ text: String) -> Bool {
      var bytes = Array(text.utf8)
      bytes += Array(repeating: UInt8(ascii: "x"), count: max(0, 16 - bytes.count))
      return bytes.withUnsafeBytes { venue.isName(prefixing: $0.baseAddress!) }
    }
    #expect(prefixes(name + " {\"a\":1}"))
    #expect(prefixes(name))
    #expect(!prefixes(String(name.dropLast()) + "_"), "\(name)")
    #expect(!prefixes("z" + name.dropFirst()), "\(name)")
  }

  /// `init(name:)` folds the case, as the command line and the config are read; `init(rawValue:)`
  /// (the journal's, the favourites file's) takes the name only as written.
  @Test func aNameIsReadInAnyCase() throws {
    #expect(Venue(name: "BitMEX") == .bitmex)
    #expect(Venue(name: "BYBIT-LINEAR")?.name == "bybit-linear")
    #expect(Venue(rawValue: "BitMEX") == nil)
    #expect(Venue(rawValue: "bitmex") == .bitmex)
  }

  /// The feed and replay compare venues per message: two words, equal and hashed alike however
  /// the venue was made (the core's static, a name parsed, a recording's bytes).
  @Test func venuesMadeDifferentlyAreEqualAndHashAlike() throws {
    #expect(MemoryLayout<Venue>.size == 16)
    let parsed = try #require(Venue(name: "BITMEX"))
    let bytes = Array("bitmex".utf8)
    let read = try #require(bytes.withUnsafeBytes { Venue(utf8: $0) })
    let known = Venue(known: "bitmex")
    for venue in [parsed, read, known] {
      #expect(venue == .bitmex)
      #expect(venue.hashValue == Venue.bitmex.hashValue)
    }
    #expect(Set([parsed, read, known, .bitmex]).count == 1)
    // A prefix is another venue, and so is a longer name sharing the first word's bytes.
    #expect(Venue(name: "bitme") != .bitmex)
    #expect(Venue(name: "bybit-linear") != Venue(name: "bybit-inverse"))
    #expect(Venue(name: "abcdefghijklmno") != Venue(name: "abcdefghijklmnx"))
  }

  /// By name, byte by byte, a prefix first: deterministic (the order people see is the
  /// registration's).
  @Test func venuesOrderByName() throws {
    let names = ["okx", "bitmex", "binance-usdm", "binance", "kraken", "bybit-spot", "abcdefghijklmno", "b"]
    let venues = try names.map { try #require(Venue(name: $0)) }
    #expect(venues.sorted().map(\.name) == names.sorted())
  }

  /// A recording's tag: the venue's bytes, written in place and read back without a String.
  @Test func aRecordingTagRoundTrips() throws {
    for name in ["bitmex", "binance-usdm", "bybit-inverse", "abcdefghijklmno"] {
      let venue = try #require(Venue(name: name))
      let tag = venue.withName { Array($0) }
      #expect(tag == Array(name.utf8))
      #expect(tag.withUnsafeBytes { Venue(utf8: $0) } == venue)
    }
  }

  /// The journal's and the favourites' spelling: its name; a malformed one refused.
  @Test func aVenueCodesAsItsName() throws {
    let venue = try #require(Venue(name: "binance-usdm"))
    let coded = try JSONEncoder().encode([venue, .bitmex])
    #expect(String(decoding: coded, as: UTF8.self) == "[\"binance-usdm\",\"bitmex\"]")
    #expect(try JSONDecoder().decode([Venue].self, from: coded) == [venue, .bitmex])
    for bad in ["[\"no pe\"]", "[\"\"]", "[\"Kraken\"]"] {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode([Venue].self, from: Data(bad.utf8)) }
    }
  }
}
