/// A minimal JSON builder that appends UTF-8 bytes, with comma bookkeeping, used for every
/// frame and REST body the simulator sends (hand-built so that a burst of deltas costs
/// little and the output is byte-for-byte predictable).
struct JSONWriter: Sendable {
  private(set) var bytes: [UInt8] = []
  /// One entry per open container: whether it already holds an element.
  private var filled: [Bool] = []

  init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  // MARK: Containers

  mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    filled.append(false)
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    filled.removeLast()
  }

  mutating func beginArray() {
    bytes.append(UInt8(ascii: "["))
    filled.append(false)
  }

  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    filled.removeLast()
  }

  /// Starts the next element of the innermost array.
  mutating func item() {
    separate()
  }

  /// Writes `"name":` in the innermost object.
  mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  /// Writes `"name":` for a name known only at run time.
  mutating func key(_ name: String) {
    separate()
    string(name)
    bytes.append(UInt8(ascii: ":"))
  }

  private mutating func separate() {
    guard let last = filled.last else { return }
    if last { bytes.append(UInt8(ascii: ",")) }
    filled[filled.count - 1] = true
  }

  // MARK: Values

  /// Text that is already JSON (a pre-encoded fragment, a client's request).
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Bytes that are already JSON.
  mutating func raw(_ text: [UInt8]) {
    bytes.append(contentsOf: text)
  }

  /// Bytes that are already JSON.
  mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A quoted, escaped string.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    // Symbols, names and ids need no escaping: copy them whole.
    if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      bytes.append(contentsOf: value.utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
      case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func int(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      // -(Int64.min) overflows; no simulator value gets near it.
      digits(UInt64(-value))
    } else {
      digits(UInt64(value))
    }
  }

  mutating func int(_ value: Int) { int(Int64(value)) }

  mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  mutating func null() { raw("null") }

  /// A double in Swift's shortest round-trip form (`0.0001`, `97849.76`, `1e-05`); whole
  /// numbers without a fraction (`42`), as BitMEX writes them. Non-finite values become null.
  mutating func double(_ value: Double) {
    guard value.isFinite else { return null() }
    if value == value.rounded(), abs(value) < 1e15 {
      return int(Int64(value))
    }
    bytes.append(contentsOf: value.description.utf8)
  }

  /// A decimal of `units` × 10^-decimals, shortest form (no trailing zeros, no point for
  /// whole numbers). `scale` is 10^decimals.
  mutating func decimal(units: Int64, scale: Int64, decimals: Int) {
    var u = units
    if u < 0 {
      bytes.append(UInt8(ascii: "-"))
      u = -u
    }
    digits(UInt64(u / scale))
    var fraction = u % scale
    guard fraction != 0 else { return }
    var width = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      width -= 1
    }
    bytes.append(UInt8(ascii: "."))
    var buffer = [UInt8](repeating: UInt8(ascii: "0"), count: width)
    var i = width - 1
    while fraction > 0 {
      buffer[i] = UInt8(ascii: "0") + UInt8(fraction % 10)
      fraction /= 10
      i -= 1
    }
    bytes.append(contentsOf: buffer)
  }

  /// An ISO-8601 UTC timestamp with milliseconds, quoted (`"2024-11-24T08:26:22.356Z"`).
  mutating func timestamp(ms: Int64) {
    bytes.append(UInt8(ascii: "\""))
    ISOTimestamp.write(ms: ms, into: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func digits(_ value: UInt64) {
    var divisor: UInt64 = 1
    while value / divisor >= 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
