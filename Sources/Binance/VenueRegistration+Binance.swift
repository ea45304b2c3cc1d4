import VenueCore

extension VenueRegistration {
  /// Binance spot and USDⓈ-M: the streams are named in the URL (another pair is a new
  /// connection) and the book bridges a REST snapshot to them, cross-checked with `@bookTicker`.
  /// USDⓈ-M routes the book to `/public` and the trades, ticker, mark price and every symbol's
  /// liquidations (`!forceOrder@arr`) to `/market`: two connections. A recording's REST snapshot
  /// body of the symbol (hftbacktest's captures hold one inline) is read as its snapshot.
  public static let binance = binanceMarket(.spot, about: .binance)
  public static let binanceUSDM = binanceMarket(.usdm, about: .binanceUSDM)

  private static func binanceMarket(_ market: BinanceMarket, about: VenueAbout) -> VenueRegistration {
    VenueRegistration(
      about: about,
      live: { url, restHost, _ in
        let adapter = BinanceAdapter(market: market, host: url, restHost: restHost)
        let channels = VenueLiveSetup.marketChannels
        return VenueLiveSetup(
          adapter: adapter,
          plan: SubscriptionPlan(
            bookDepth: nil, perSymbol: (market == .usdm ? channels + [.mark] : channels) + [.bbo],
            allSymbols: market == .usdm ? [.liquidations] : []),
          bookPolicy: .bridge(SnapshotBridgeSync(bridge: market.bridge)), bookDepth: nil,
          restHost: adapter.restHost, switchesInPlace: false)
      },
      decoder: { symbol in BinanceDecoder(market: market, snapshotSymbol: symbol) },
      bookReplay: { symbol in
        VenueBookReplay(
          symbol: symbol, decoder: BinanceDecoder(market: market, snapshotSymbol: symbol),
          sync: .bridge(SnapshotBridgeSync(bridge: market.bridge)))
      })
  }
}
