/// The bucket width of a `PriceSeries`; the raw value is in milliseconds.
public enum SeriesInterval: Int64, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case oneSecond = 1000
  case oneMinute = 60000
  case fiveMinutes = 300000

  /// The width in milliseconds.
  public var milliseconds: Int64 { rawValue }

  /// A short label for the UI: `1s`, `1m`, `5m`.
  public var label: String {
    switch self {
    case .oneSecond: "1s"
    case .oneMinute: "1m"
    case .fiveMinutes: "5m"
    }
  }

  /// The `binSize` of REST `trade/bucketed` (and the `tradeBin…` table) for this width;
  /// nil for one second, which BitMEX does not offer, so that series grows from trades only.
  public var binSize: String? {
    switch self {
    case .oneSecond: nil
    case .oneMinute: "1m"
    case .fiveMinutes: "5m"
    }
  }

  public var description: String { label }

  /// The start of the bucket holding `timeMs`, rounding down (also before 1970).
  public func bucketStart(_ timeMs: Int64) -> Int64 {
    let remainder = timeMs % rawValue
    // `%` keeps the dividend's sign; step negative times down, not up.
    return remainder < 0 ? timeMs - remainder - rawValue : timeMs - remainder
  }
}
