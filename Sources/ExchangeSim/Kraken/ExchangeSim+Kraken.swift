extension ExchangeSim {
  /// `ws://127.0.0.1:P/kraken/v2`: the Kraken WebSocket v2 dialect, on the same port.
  public var krakenURL: String { address.krakenURL }

  /// `http://127.0.0.1:P/kraken/0/public`: Kraken's public REST API (`AssetPairs`, `Ticker`, `OHLC`).
  public var krakenRESTURL: String { address.krakenRESTURL }

  /// `http://127.0.0.1:P/kraken`: the host a `KrakenAdapter`'s REST requests (`/0/public/…`) go
  /// after, standing for `https://api.kraken.com`.
  public var krakenRESTHost: String { address.krakenRESTHost }

  /// The Kraken pairs listed (`BTC/USD`, …).
  public static var krakenPairs: [KrakenPair] { KrakenListing.pairs }

  /// The Kraken book of `symbol` as the simulator holds it, best first, at most `depth` levels
  /// per side, numbers as the text the dialect sends; empty for an unknown pair or one without a
  /// book yet, or before `start()`.
  public func krakenBook(symbol: String, depth: Int = 10) -> KrakenBookText {
    onLoop(KrakenBookText(bids: [], asks: [])) { $0.kraken.bookText(symbol, depth: depth) }
  }

  /// The next book update each Kraken session following a book (of `symbol`, or any) receives
  /// carries a wrong checksum (once).
  public func sendKrakenBadChecksum(symbol: String? = nil) {
    onLoop(()) { $0.kraken.corruptNextChecksum(symbol: symbol) }
  }

  /// Inserts a level inside the top ten of each side of the Kraken books of `symbols` (all books
  /// when nil) and publishes it: the level at the edge of every subscribed depth is pushed out,
  /// with no delete, as Kraken does. Returns how many books changed.
  @discardableResult
  public func krakenPushOut(symbols: [String]? = nil) -> Int {
    onLoop(0) { $0.kraken.pushOut(symbols: symbols) }
  }

  /// Sends `Exceeded msg rate` to every Kraken session and closes its connection without a
  /// close frame.
  public func sendKrakenRateLimit() {
    onLoop(()) { $0.kraken.rateLimitAll() }
  }
}
