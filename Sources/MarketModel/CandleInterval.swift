/// The width of a candle; the raw value is in milliseconds. Each but one second is a `binSize`
/// of REST `trade/bucketed` (`hasBins`): one-second candles are built from the tape only. The
/// line chart (1 s, 1 m, 5 m) and the candle chart read the same candles (`CandleSet`).
public enum CandleInterval: Int64, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case oneSecond = 1_000
  case oneMinute = 60_000
  case fiveMinutes = 300_000
  case oneHour = 3_600_000
  case oneDay = 86_400_000

  /// The width in milliseconds.
  public var milliseconds: Int64 { rawValue }

  /// A short label for the UI, and BitMEX's `binSize`: `1s`, `1m`, `5m`, `1h`, `1d`.
  public var label: String {
    switch self {
    case .oneSecond: "1s"
    case .oneMinute: "1m"
    case .fiveMinutes: "5m"
    case .oneHour: "1h"
    case .oneDay: "1d"
    }
  }

  public var description: String { label }

  /// Whether a venue's REST serves bars this wide (every width but one second).
  public var hasBins: Bool { self != .oneSecond }

  /// The next wider interval of the candle chart, back to one minute after a day.
  public var next: CandleInterval {
    switch self {
    case .oneSecond: .oneMinute
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
