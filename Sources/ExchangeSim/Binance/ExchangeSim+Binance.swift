/// The Binance dialect, served by the same server and port as BitMEX under path prefixes.
extension ExchangeSim {
  /// A Binance book as the simulator holds it: the last update id given, and the levels best
  /// first, as the wire writes them (decimal text with the market's digits).
  public struct BinanceBookView: Sendable, Hashable {
    public var lastUpdateID: UInt64
    public var bids: [BinanceLevelText]
    public var asks: [BinanceLevelText]
    /// The update id of the snapshot the stale-snapshot fault would serve now (nil: none held
    /// yet, so the fault would serve a current one).
    public var staleUpdateID: UInt64?
  }

  /// One level as text: `"61824.01000000"`, `"0.39004000"`.
  public struct BinanceLevelText: Sendable, Hashable {
    public var price: String
    public var qty: String
  }

  /// The host a Binance client is given for `market`: `ws://127.0.0.1:P/binance` (spot) or
  /// `…/binance-usdm`, standing for `wss://stream.binance.com:9443` and `wss://fstream.binance.com`;
  /// the REST host is the same with `http://` (`binanceRESTHost`).
  public func binanceHost(_ market: BinanceSimMarket) -> String {
    address.binanceHost(market)
  }

  /// `http://127.0.0.1:P/binance` (spot) or `…/binance-usdm`: REST paths (`/api/v3/depth`,
  /// `/fapi/v1/depth`, …) go after it.
  public func binanceRESTHost(_ market: BinanceSimMarket) -> String {
    address.binanceRESTHost(market)
  }

  /// The symbols listed on `market`.
  public func binanceSymbols(_ market: BinanceSimMarket) -> [String] {
    onLoop([]) { $0.binance.listings(market).map(\.symbol) }
  }

  /// The book of `symbol` on `market` now (nil for an unknown symbol or before `start()`).
  public func binanceBook(_ market: BinanceSimMarket, symbol: String, depth: Int = .max) -> BinanceBookView? {
    onLoop(nil) { world in
      guard let b = world.binance.book(market, symbol),
        let slot = world.slot(world.binance.books[b].listing.source)
      else { return nil }
      let book = world.binance.books[b]
      let l = book.listing
      func text(_ level: BinanceLevel) -> BinanceLevelText {
        var p = JSONWriter()
        BinanceEncoder.price(level.ticks, l, into: &p)
        var q = JSONWriter()
        BinanceEncoder.qty(level.qty, l, into: &q)
        // Without the quotes.
        return BinanceLevelText(
          price: String(decoding: p.bytes.dropFirst().dropLast(), as: UTF8.self),
          qty: String(decoding: q.bytes.dropFirst().dropLast(), as: UTF8.self))
      }
      let levels = book.levels(of: slot.generator.book, limit: depth)
      return BinanceBookView(
        lastUpdateID: book.lastID, bids: levels.bids.map(text), asks: levels.asks.map(text),
        staleUpdateID: book.older?.id)
    }
  }

  /// Closes the TCP connection of every open WebSocket of `market` at `path` (`/market/stream`,
  /// `/public/stream`, `/stream`), without a close frame; the other endpoints' stay open.
  public func binanceDropConnections(_ market: BinanceSimMarket, path: String) {
    guard let route = BinanceRoute(path: market.pathPrefix + path) else { return }
    onLoop(()) { $0.binance.drop(route) }
  }

  /// Sends every open Binance connection (both markets, every path) Binance's `serverShutdown`
  /// notice; the connections stay open.
  public func binanceShutdownNotice() {
    onLoop(()) { $0.binance.announceShutdown() }
  }

  /// Withholds the next `count` Binance diff depth updates (a sequence gap on the streams that
  /// would have had them).
  public func binanceSkipDepthUpdates(_ count: Int) {
    faultsBox.withLock { $0.binance.gaps = max(0, count) }
  }

  /// Answers the next `count` Binance REST depth requests with a snapshot older than the streams
  /// open now.
  public func binanceServeStaleSnapshots(_ count: Int) {
    faultsBox.withLock { $0.binance.staleSnapshots = max(0, count) }
  }

  /// Answers the next `count` Binance REST depth requests with the book as of the last depth
  /// update sent.
  public func binanceServeBoundarySnapshots(_ count: Int) {
    faultsBox.withLock { $0.binance.boundarySnapshots = max(0, count) }
  }

  /// Sets the Binance REST weight limit per minute of both markets (nil: Binance's own).
  public func binanceWeightLimit(_ limit: Int?) {
    faultsBox.withLock { $0.binance.weightLimit = limit.map { max(0, $0) } }
  }
}
