/// Exponential backoff with full jitter: retry `n` (0 for the first retry after a failure) waits a
/// uniformly random time in `[0, min(cap, base × 2ⁿ))`.
///
/// Full jitter spreads reconnecting clients over the whole window instead of letting them arrive
/// in waves (AWS Architecture Blog, "Exponential Backoff And Jitter"). The policy holds no
/// counter: `ConnectionMachine` counts failures and decides when the count resets.
public struct Backoff: Sendable, Hashable {
  /// Seconds of the first window.
  public var base: Double
  /// The largest window, in seconds.
  public var cap: Double

  /// A policy; the defaults are the house numbers (0.5 s doubling to at most 30 s).
  public init(base: Double = 0.5, cap: Double = 30) {
    self.base = base
    self.cap = cap
  }

  /// The upper end of retry `n`'s window: `min(cap, base × 2ⁿ)`; negative `n` counts as 0.
  public func ceiling(retry n: Int) -> Double {
    // Past 2^62 the window is far above any sane cap; clamping keeps the product finite.
    let doubling = Double(sign: .plus, exponent: min(max(n, 0), 62), significand: 1)
    return max(0, min(cap, base * doubling))
  }

  /// A random delay for retry `n`, in `[0, ceiling(retry: n))` (exactly 0 when the ceiling is 0).
  public func delay(retry n: Int, using random: inout some RandomNumberGenerator) -> Double {
    ceiling(retry: n) * Self.unitFraction(random.next())
  }

  /// Maps 64 random bits to `[0, 1)` using the top 53 bits, so a generator returning `1 << 63`
  /// yields exactly 0.5 (tests rely on that to predict delays).
  public static func unitFraction(_ bits: UInt64) -> Double {
    Double(bits >> 11) * 0x1p-53
  }
}
