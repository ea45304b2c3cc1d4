import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A small, fast, seedable random number generator (xoshiro256**, seeded through
/// SplitMix64), so a seed gives the same market on every platform and Swift version. It lives in
/// its own small target so that unit tests can draw seeded runs without linking the simulator.
///
/// The standard library's `random(in:using:)` helpers are not promised to stay the same
/// across releases, so every draw the simulator makes goes through the helpers here. Tests and
/// the soak draw their fault schedules from it too, and the tests their random runs (it is a
/// `RandomNumberGenerator`, for `shuffled(using:)` and `random(in:using:)`).
public struct SimRandom: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  public init(seed: UInt64) {
    var x = seed
    func splitMix() -> UInt64 {
      x &+= 0x9E37_79B9_7F4A_7C15
      var z = x
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    s0 = splitMix()
    s1 = splitMix()
    s2 = splitMix()
    s3 = splitMix()
  }

  /// A seed for one purpose (`label`) derived from a base seed, so that adding an
  /// instrument or a feature never shifts the draws of another.
  public static func seed(_ base: UInt64, _ label: String) -> UInt64 {
    // FNV-1a over the label, then mixed with the base.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in label.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    var r = SimRandom(seed: base ^ hash)
    return r.next()
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotate(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotate(s3, 45)
    return result
  }

  private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

  /// A uniform integer in `0..<n` (`n` > 0).
  public mutating func below(_ n: Int) -> Int {
    precondition(n > 0)
    // Multiply-high: the tiny bias is irrelevant here and the result is reproducible.
    return Int(next().multipliedFullWidth(by: UInt64(n)).high)
  }

  /// A uniform integer in `low...high`.
  public mutating func between(_ low: Int, _ high: Int) -> Int {
    low + below(high - low + 1)
  }

  /// A uniform double in `0..<1`.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform double in `range`.
  public mutating func next(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  /// True with probability `p`.
  public mutating func chance(_ p: Double) -> Bool {
    unit() < p
  }

  /// A standard normal deviate (Box–Muller).
  public mutating func gaussian() -> Double {
    let u1 = max(unit(), 1e-300)
    let u2 = unit()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// A geometric count (0, 1, 2, …) with the given mean, capped at `limit`.
  public mutating func geometric(mean: Double, limit: Int = .max) -> Int {
    guard mean > 0 else { return 0 }
    let p = 1 / (1 + mean)
    let u = max(unit(), 1e-300)
    let n = Int((log(u) / log(1 - p)).rounded(.down))
    return min(max(n, 0), limit)
  }

  /// 16 random bytes as a GUID string (`8-4-4-4-12` lowercase hex), like `trdMatchID`.
  public mutating func guid() -> String {
    let high = next()
    let low = next()
    let hex = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for i in 0..<32 {
      let word = i < 16 ? high : low
      let nibble = Int((word >> UInt64(60 - (i % 16) * 4)) & 0xF)
      if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
      out.append(hex[nibble])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
