/// What a subscription carries, in tradeterm's words; each venue adapter spells it its own way.
public enum MarketChannel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case book
  case trades
  /// The venue's best bid/ask stream (Binance `bookTicker`, BitMEX `quote`).
  case bbo
  /// Live instrument fields: last, 24 h change, volume, funding (Kraken `ticker`, BitMEX
  /// `instrument`).
  case ticker
  /// Instrument facts: tick, lot, precision.
  case instrument
  case liquidations
  /// Mark price, index and funding (Binance USDⓈ-M `markPrice`).
  case mark
  /// The venue's own liveness channel (Kraken and Coinbase `heartbeat(s)`).
  case heartbeat
  /// Venue status (Kraken `status`).
  case status

  public var description: String { rawValue }
}
