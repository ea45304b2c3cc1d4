/// The Coinbase, Bybit and OKX dialects of the one server: where a client of each connects,
/// their run-time faults, and their books as the simulator holds them.
extension ExchangeSim {
  /// `ws://127.0.0.1:P/coinbase/ws`: give it to `CoinbaseAdapter(url:)`.
  public var coinbaseWebSocketURL: String { address.coinbaseWebSocketURL }
  /// `http://127.0.0.1:P/coinbase`: Coinbase's REST host (`/api/v3/brokerage/market/…` below it).
  public var coinbaseRESTURL: String { address.coinbaseRESTURL }
  /// `ws://127.0.0.1:P/bybit`: give it to `BybitAdapter(category:host:)`, which adds
  /// `/v5/public/{spot,linear,inverse}`.
  public var bybitWebSocketHost: String { address.bybitWebSocketHost }
  /// `http://127.0.0.1:P/bybit`: Bybit's REST host (`/v5/market/…` below it).
  public var bybitRESTURL: String { address.bybitRESTURL }
  /// `ws://127.0.0.1:P/okx/ws/v5/public`: give it to `OKXAdapter(url:)`.
  public var okxWebSocketURL: String { address.okxWebSocketURL }
  /// `http://127.0.0.1:P/okx`: OKX's REST host (`/api/v5/…` below it).
  public var okxRESTURL: String { address.okxRESTURL }

  /// Every Coinbase, Bybit and OKX connection loses its next sequenced message now: Coinbase
  /// skips a `sequence_num`, Bybit and OKX leave out their next book delta.
  public func sendSequenceGap() {
    onLoop(()) { world in
      for session in world.followers.sessions(nil) { session.dialect.loseNextSequenced() }
    }
  }

  /// Bybit sends every book subscriber a snapshot again: with `restart`, the service restarted
  /// and the snapshot's `u` is 1; otherwise `u` goes on by one (a snapshot that replaces).
  public func bybitSnapshotAgain(restart: Bool) {
    onLoop(()) { world in
      world.followers.bumpSequences(bybit: true, restart: restart)
      for session in world.followers.sessions(nil) where session.venue.isBybit {
        session.dialect.resendSnapshots(session: session)
        session.flushIfNeeded()
      }
    }
  }

  /// OKX's maintenance: every `books` topic's next update carries a lower `seqId` than its
  /// `prevSeqId` (which still links), and the numbering goes on from there.
  public func okxMaintenanceReset() {
    onLoop(()) { $0.followers.bumpSequences(bybit: false, restart: true) }
  }

  /// OKX sends a keep-alive (no levels, `seqId == prevSeqId`) on every `books` subscription now.
  public func okxKeepAlive() {
    onLoop(()) { world in
      for session in world.followers.sessions(.okx) {
        session.dialect.sendKeepAlives(session: session)
        session.flushIfNeeded()
      }
    }
  }

  /// A follower venue's book (`venue`: `coinbase`, `bybit-spot`, `bybit-linear`,
  /// `bybit-inverse`, `okx`) as the simulator holds it, best first, at most `depth` levels a side,
  /// each `price×size` at the listing's decimals. Empty for an unknown venue or symbol.
  public func followerBook(
    venue: String, symbol: String, depth: Int = .max
  ) -> (bids: [String], asks: [String]) {
    guard let v = FollowerVenue(rawValue: venue) else { return ([], []) }
    return onLoop(([], [])) { $0.followers.book(v, symbol, depth: depth) }
  }

  /// A follower venue's last trade of `symbol`: price and size as text at the listing's
  /// decimals, and whether the taker bought. Nil before any trade.
  public func followerLastTrade(
    venue: String, symbol: String
  ) -> (price: String, size: String, takerBought: Bool)? {
    guard let v = FollowerVenue(rawValue: venue) else { return nil }
    return onLoop(nil) { world in
      guard let m = world.followers.market(v, symbol), let trade = world.followers.markets[m].lastTrade else {
        return nil
      }
      let listing = world.followers.markets[m].listing
      return (
        FollowerText.decimal(trade.ticks, listing.priceDecimals),
        FollowerText.decimal(trade.size, listing.sizeDecimals),
        trade.side == .buy
      )
    }
  }
}
