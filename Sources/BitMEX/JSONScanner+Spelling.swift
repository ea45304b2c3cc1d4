/// Keys and words by their one list of patterns.
///
/// Each set of keys a row or envelope knows, and each set of words a value may be, is one
/// function over `BytePattern`s: `spelled(by matches:)` asks `matches` for each pattern in
/// turn (in the order BitMEX sends them) and answers with the first that matches. The fast
/// path passes `take` (a word compare in place, which consumes the match); when nothing
/// matches there (other white space, a short tail, an unknown key), the string is read the
/// general way and the same function is asked again with its spelling, so a key or word is
/// listed once and means the same either way.
extension JSONScanner {
  /// Reads the key at the scanner (on its opening quote) and its `:`, classified by
  /// `spelled`; nil for a key it does not list, or an escaped one. Either way the scanner
  /// ends on the value.
  @inline(__always)
  mutating func readKey<Key>(
    _ spelled: (_ matches: (BytePattern) -> Bool) -> Key?
  ) throws(DecodeError) -> Key? {
    if let key = spelled({ take($0) }) { return key }
    let raw = try readKey()
    guard let spelling = spelling(of: raw, then: UInt8(ascii: ":")) else { return nil }
    return spelled { $0 == spelling }
  }

  /// Reads a string value classified by `spelled`: the word, or nil with the raw string
  /// for the caller to judge (`raw` is nil when the pattern matched in place).
  @inline(__always)
  mutating func readWord<Word>(
    _ spelled: (_ matches: (BytePattern) -> Bool) -> Word?
  ) throws(DecodeError) -> (word: Word?, raw: RawString?) {
    if let word = spelled({ take($0) }) { return (word, nil) }
    skipSpace()
    let raw = try readRawString()
    guard let spelling = spelling(of: raw) else { return (nil, raw) }
    return (spelled { $0 == spelling }, raw)
  }

  /// `raw` as the patterns spell it: in quotes, then `suffix` if given (`:` for a key).
  /// Nil for an escaped string or one too long for a pattern: no pattern spells those.
  func spelling(of raw: RawString, then suffix: UInt8? = nil) -> BytePattern? {
    let count = raw.count + 2 + (suffix == nil ? 0 : 1)
    guard !raw.hasEscapes, count <= 16 else { return nil }
    var low: UInt64 = 0
    var high: UInt64 = 0
    func put(_ byte: UInt8, at i: Int) {
      if i < 8 { low |= UInt64(byte) << (8 * UInt64(i)) } else { high |= UInt64(byte) << (8 * UInt64(i - 8)) }
    }
    put(UInt8(ascii: "\""), at: 0)
    for i in 0..<raw.count { put(base[raw.start + i], at: i + 1) }
    put(UInt8(ascii: "\""), at: raw.count + 1)
    if let suffix { put(suffix, at: raw.count + 2) }
    return BytePattern(low: low, high: high, count: count)
  }
}
