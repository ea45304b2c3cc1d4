import VenueCore

extension VenueRegistration {
  /// OKX v5: the book at the depth asked linked by sequence, trades and ticker; every swap's
  /// liquidations (`liquidation-orders` of SWAP: one subscription whatever the pair, so a pair
  /// switched to in place has them too); a swap's mark, index and funding on channels of their
  /// own (a spot pair has none).
  public static let okx = VenueRegistration(
    about: .okx,
    live: { url, restHost, depth in
      let adapter = url.map { OKXAdapter(url: $0) } ?? OKXAdapter()
      let depth = VenueLiveSetup.depth(asked: depth, of: adapter.bookDepths)
      let plan = SubscriptionPlan(
        bookDepth: depth, perSymbol: VenueLiveSetup.marketChannels, allSymbols: [.liquidations],
        derivativeChannels: [.mark], derivativeSuffix: OKXAdapter.swapSuffix)
      return VenueLiveSetup(
        adapter: adapter, plan: plan, bookPolicy: .sequence(adapter.bookPolicy(depth: depth)),
        bookDepth: depth,
        restHost: restHost ?? OKXAdapter.restHost)
    },
    decoder: { _ in OKXDecoder() },
    bookReplay: { symbol in
      VenueBookReplay(
        symbol: symbol, decoder: OKXDecoder(), sync: .sequence(SequenceLinkSync(link: .previous)))
    })
}
