/// Checks UTF-8 as it arrives, chunk by chunk, so a text message split across frames (or
/// a code point split across chunks) is judged correctly, and an invalid byte is caught
/// at once rather than when the message ends (RFC 6455 §8.1: fail fast).
///
/// It rejects what the Unicode standard rejects: overlong forms, surrogates
/// (U+D800…U+DFFF), code points above U+10FFFF, stray continuation bytes.
struct UTF8Validator: Sendable {
  /// Continuation bytes still due for the current code point.
  private var remaining = 0
  /// The allowed range of the next continuation byte (narrower after E0, ED, F0, F4).
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether the bytes so far end between code points.
  var isComplete: Bool { remaining == 0 }

  /// Feeds `bytes`; false as soon as they cannot be valid UTF-8.
  mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
    let n = bytes.count
    var i = 0
    while i < n {
      if remaining == 0 {
        // ASCII runs eight bytes at a time.
        while i + 8 <= n {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 != 0 { break }
          i += 8
        }
        guard i < n else { return true }
        let b = base[i]
        i += 1
        switch b {
        case 0x00...0x7F: continue
        case 0xC2...0xDF: start(1, 0x80, 0xBF)
        case 0xE0: start(2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: start(2, 0x80, 0xBF)
        case 0xED: start(2, 0x80, 0x9F)
        case 0xF0: start(3, 0x90, 0xBF)
        case 0xF1...0xF3: start(3, 0x80, 0xBF)
        case 0xF4: start(3, 0x80, 0x8F)
        default: return false
        }
      } else {
        let b = base[i]
        i += 1
        guard b >= lower, b <= upper else { return false }
        remaining -= 1
        lower = 0x80
        upper = 0xBF
      }
    }
    return true
  }

  /// Feeds an array of bytes.
  mutating func feed(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Starts over, for the next message.
  mutating func reset() {
    remaining = 0
    lower = 0x80
    upper = 0xBF
  }

  @inline(__always) private mutating func start(_ count: Int, _ low: UInt8, _ high: UInt8) {
    remaining = count
    lower = low
    upper = high
  }

  /// Whether `bytes` are complete, valid UTF-8.
  static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var v = UTF8Validator()
    return v.feed(bytes) && v.isComplete
  }
}
