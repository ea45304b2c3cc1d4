/// A trading venue (and, where one venue runs separate markets on separate endpoints, that
/// market): the first part of every instrument's key, in the core and in the model alike
/// (`InstrumentID.Venue` is this type). A venue is its name, the one the command line, the
/// config, the journal, the favourites file and recordings use (`kraken:BTC/USD`, `--venue
/// binance-usdm`): the pure layers read it without any adapter. Which names are venues tradeterm
/// follows is the executable's registration; each adapter spells its own venue's value
/// (`Venue.kraken` in `Sources/Kraken`), and everything else about it is its `VenueAbout`. The
/// core spells one: BitMEX's, the home venue (a bare symbol is BitMEX's).
///
/// A name is 1 to 15 bytes of `a-z`, `0-9` and `-`, starting with a letter (`bybit-inverse` is
/// 13). It is held inline in two words, bytes first-to-last in memory order and the length in the
/// last byte: a venue is plain data, and the feed and replay, which compare venues per message,
/// compare and hash two words.
public struct Venue: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// The longest name that fits.
  public static let maxLength = 15

  // Bytes 0…14 hold the name, byte 15 its length.
  @usableFromInline var w0: UInt64 = 0
  @usableFromInline var w1: UInt64 = 0

  /// The venue whose name is exactly these bytes (a recording's tag), or nil when they are no
  /// venue's name (empty, too long, a byte other than `a-z`, `0-9`, `-`, or not starting with a
  /// letter); no String made.
  public init?(utf8 bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first, Self.isLetter(first), bytes.count <= Self.maxLength,
      bytes.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "-") })
    else { return nil }
    withUnsafeMutableBytes(of: &self) { raw in
      raw.copyMemory(from: bytes)
      raw[15] = UInt8(truncatingIfNeeded: bytes.count)
    }
  }

  /// The venue named `name`, case-insensitively (`Kraken` is `kraken`); nil when it is no
  /// venue's name (syntactically: whether tradeterm follows it is its registration's).
  public init?(name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// The venue named `name` (any case) when it is one of `venues`, the ones tradeterm follows
  /// (the registration's, which the caller has); any venue's name when `venues` is empty.
  public init?(name: String, among venues: [Venue]) {
    guard let venue = Venue(name: name), venues.isEmpty || venues.contains(venue) else { return nil }
    self = venue
  }

  /// The venue named exactly `rawValue` (lower case, as the name is written): the journal's and
  /// the favourites file's reading.
  public init?(rawValue: String) {
    var text = rawValue
    guard let venue = text.withUTF8({ Venue(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
    self = venue
  }

  /// A venue named in code (an adapter's own, `Venue(known: "kraken")`); the name must be one.
  public init(known name: StaticString) {
    guard let venue = Venue(rawValue: name.description) else {
      preconditionFailure("not a venue's name: \(name)")
    }
    self = venue
  }

  /// A venue in the journal and the favourites file: its name, as the command line writes it.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let venue = Venue(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "venue \(text)"))
    }
    self = venue
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }

  /// The home venue: BitMEX, whose instruments a bare symbol names (`ETHUSD` is
  /// `bitmex:ETHUSD`).
  public static let bitmex = Venue(known: "bitmex")

  /// The number of bytes of the name.
  public var count: Int { Int(w1 >> 56) }

  /// Whether the bytes at `p` start with this venue's name (16 of them must be readable): two
  /// word compares masked to the name's length, no loop (a recording's tag, line after line).
  @inlinable
  public func isName(prefixing p: UnsafeRawPointer) -> Bool {
    let length = UInt64(truncatingIfNeeded: w1 >> 56)
    let lowMask: UInt64 = length >= 8 ? ~0 : (1 << (8 * length)) &- 1
    let highMask: UInt64 = length <= 8 ? 0 : (1 << (8 * (length - 8))) &- 1
    let a = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    let b = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    return a & lowMask == UInt64(littleEndian: w0) & lowMask
      && b & highMask == UInt64(littleEndian: w1) & highMask
  }

  /// Calls `body` with the name's bytes, in place (a recording's tag is written from them).
  public func withName<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withUnsafeBytes(of: self) { try body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
  }

  /// The venue's name (`bitmex`), as JSON and CSV outputs, the config and recordings write it.
  public var rawValue: String { withName { String(decoding: $0, as: UTF8.self) } }

  /// The venue's name: `rawValue`.
  public var name: String { rawValue }

  public var description: String { rawValue }

  /// By name, byte by byte (deterministic; the order people see is the registration's, not
  /// this): the words hold the bytes first-to-last in memory order, so read big-endian they
  /// compare in reading order, and past the end both are zero.
  @inlinable
  public static func < (a: Venue, b: Venue) -> Bool {
    (a.w0.bigEndian, a.w1.bigEndian) < (b.w0.bigEndian, b.w1.bigEndian)
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b &- UInt8(ascii: "a")) < 26 }
  private static func isDigit(_ b: UInt8) -> Bool { (b &- UInt8(ascii: "0")) < 10 }
}
