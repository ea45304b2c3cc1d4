import MarketModel

/// The changing fields of an instrument row (prices, funding, volumes), in a fixed order,
/// so that an `instrument` update can carry exactly the fields that changed.
struct InstrumentTicker: Sendable, Hashable {
  /// One field's value and how to write it.
  enum Value: Sendable, Hashable {
    /// A price on the instrument's tick grid.
    case ticks(Int64)
    case number(Double)
    case integer(Int64)
    case text(String)
    /// Milliseconds since the Unix epoch, written as an ISO timestamp.
    case time(Int64)
    /// A field the instrument does not have (funding of a future or spot pair): `null`.
    case null
  }

  /// Field names, index for index with `values`.
  static let names: [String] = [
    "lastPrice", "lastTickDirection", "lastChangePcnt", "prevPrice24h", "highPrice", "lowPrice",
    "bidPrice", "midPrice", "askPrice", "markPrice", "fairPrice", "indicativeSettlePrice", "fundingRate",
    "indicativeFundingRate", "fundingTimestamp", "volume24h", "turnover24h", "homeNotional24h",
    "foreignNotional24h", "vwap", "openInterest", "openValue",
  ]

  var values: [Value]
  /// When these values were taken.
  var timeMs: Int64

  /// The indices of the fields whose value differs from `old`'s.
  func changed(since old: InstrumentTicker) -> [Int] {
    values.indices.filter { $0 >= old.values.count || values[$0] != old.values[$0] }
  }

  /// The value of the field `name`, if the ticker has it.
  func value(_ name: String) -> Value? {
    Self.names.firstIndex(of: name).map { values[$0] }
  }
}
