/// One decoded server message. Rows are not inside the event: they live in the
/// `MarketBatch` the event belongs to, so decoding a delta allocates nothing.
public enum MarketEvent: Sendable, Hashable {
  /// The first frame after the upgrade.
  case welcome(info: String)
  /// A subscription was acknowledged (one ack per topic).
  case subscribed(topic: String)
  /// An unsubscription was acknowledged.
  case unsubscribed(topic: String)
  /// `{"success":false,"subscribe":…,"error":…}`.
  case subscribeFailed(topic: String, reason: String)
  /// An error frame (`status` / `error` / `meta.retryAfter`).
  case serverError(ServerError)
  /// The text `pong` answering our text `ping`.
  case pong
  /// An L2 order-book message of one of the book tables (`BookTable`).
  case book(BookMessage)
  /// An `orderBook10` message: rows in `batch.book10`, levels in `batch.levels`.
  case book10(TableSlice)
  /// A `trade` message: rows in `batch.trades`.
  case trades(TableSlice)
  /// A `quote` message: rows in `batch.quotes`.
  case quotes(TableSlice)
  /// An `instrument` message: rows in `batch.instruments`.
  case instrument(TableSlice)
  /// A message of one-minute OHLC buckets: rows in `batch.bins`.
  case bins(TableSlice)
  /// A `liquidation` message: rows in `batch.liquidations`.
  case liquidations(TableSlice)
  /// A well-formed table message for a table tradeterm does not use.
  case ignoredTable(name: String)
  /// A well-formed JSON object of no known shape.
  case unrecognized
}
