import VenueCore

extension VenueRegistration {
  /// Bybit v5's three markets, one endpoint each below one host: the book at the depth asked
  /// (its `u` growing by one), trades and tickers; a derivative's liquidations
  /// (`allLiquidation.{symbol}`) for the Activity pane (spot has none).
  public static let bybit: [VenueRegistration] = VenueAbout.bybit.compactMap { about in
    guard let category = BybitCategory(venue: about.venue) else { return nil }
    return VenueRegistration(
      about: about,
      live: { url, restHost, depth in
        let adapter =
          url.map { BybitAdapter(category: category, host: $0) } ?? BybitAdapter(category: category)
        let depth = VenueLiveSetup.depth(asked: depth, of: adapter.bookDepths)
        let channels = VenueLiveSetup.marketChannels
        let perSymbol = category == .spot ? channels : channels + [.liquidations]
        return VenueLiveSetup(
          adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: perSymbol),
          bookPolicy: .sequence(adapter.bookPolicy(depth: depth)), bookDepth: depth,
          restHost: restHost ?? BybitAdapter.restHost)
      },
      decoder: { _ in BybitDecoder() },
      bookReplay: { symbol in
        VenueBookReplay(
          symbol: symbol, decoder: BybitDecoder(), sync: .sequence(SequenceLinkSync(link: .increment)))
      })
  }
}
