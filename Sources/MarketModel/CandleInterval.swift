/// The width of a candle; the raw value is in milliseconds. Each is a `binSize` of REST
/// `trade/bucketed`.
public enum CandleInterval: Int64, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case oneMinute = 60_000
  case fiveMinutes = 300_000
  case oneHour = 3_600_000
  case oneDay = 86_400_000

  /// The width in milliseconds.
  public var milliseconds: Int64 { rawValue }

  /// A short label for the UI, and BitMEX's `binSize`: `1m`, `5m`, `1h`, `1d`.
  public var label: String {
    switch self {
    case .oneMinute: "1m"
    case .fiveMinutes: "5m"
    case .oneHour: "1h"
    case .oneDay: "1d"
    }
  }

  public var description: String { label }

  /// The next wider interval, back to one minute after a day.
  public var next: CandleInterval {
    switch self {
    case .oneMinute: .fiveMinutes
    case .fiveMinutes: .oneHour
    case .oneHour: .oneDay
    case .oneDay: .oneMinute
    }
  }

  /// The start of the candle holding `timeMs`, rounding down (also before 1970).
  public func start(_ timeMs: Int64) -> Int64 {
    let remainder = timeMs % rawValue
    return remainder < 0 ? timeMs - remainder - rawValue : timeMs - remainder
  }
}
