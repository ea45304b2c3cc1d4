/// An instrument symbol such as `ETHUSD` or `BTC/USD`, stored inline (up to 23 UTF-8 bytes) so that
/// rows holding one are plain data: copying or dropping them costs no reference
/// counting, and comparing two is three word compares.
public struct Symbol: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The longest symbol that fits (BitMEX's are a dozen bytes or fewer).
  public static let maxLength = 23

  // Bytes 0…22 hold the text, byte 23 its length.
  @usableFromInline var w0: UInt64 = 0
  @usableFromInline var w1: UInt64 = 0
  @usableFromInline var w2: UInt64 = 0

  /// The symbol with these UTF-8 bytes, or nil if they are longer than `maxLength`.
  @inlinable
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= Self.maxLength else { return nil }
    withUnsafeMutableBytes(of: &self) { raw in
      if let base = bytes.baseAddress { raw.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
      raw[23] = UInt8(truncatingIfNeeded: bytes.count)
    }
  }

  /// The symbol spelled by `text`, or nil if it is longer than `maxLength` bytes.
  public init?(_ text: String) {
    var text = text
    guard let s = text.withUTF8({ Symbol(utf8: $0) }) else { return nil }
    self = s
  }

  /// A symbol written in code; it must fit.
  public init(stringLiteral value: String) {
    guard let s = Symbol(value) else {
      preconditionFailure("symbol longer than \(Self.maxLength) bytes: \(value)")
    }
    self = s
  }

  /// The empty symbol.
  public static let empty = Symbol()

  @usableFromInline init() {}

  /// Number of UTF-8 bytes.
  public var count: Int { Int(w2 >> 56) }

  public var isEmpty: Bool { count == 0 }

  /// The symbol as text.
  public var description: String {
    withUnsafeBytes(of: self) { raw in
      String(decoding: raw.prefix(count), as: UTF8.self)
    }
  }

  /// Byte by byte (UTF-8 keeps the order of code points), a prefix first: three word compares,
  /// no text made. The words hold the bytes first-to-last in memory order, so read big-endian
  /// they compare in reading order; past the end both are zero, and the length (w2's top byte,
  /// its least significant read so) breaks a tie of a symbol with its own prefix.
  @inlinable
  public static func < (a: Symbol, b: Symbol) -> Bool {
    if a.w0 != b.w0 { return a.w0.bigEndian < b.w0.bigEndian }
    if a.w1 != b.w1 { return a.w1.bigEndian < b.w1.bigEndian }
    return a.w2.bigEndian < b.w2.bigEndian
  }
}
