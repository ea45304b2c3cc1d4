import VenueCore

extension VenueRegistration {
  /// Coinbase Advanced Trade: its whole book on one sequence per connection, trades and ticker.
  public static let coinbase = VenueRegistration(
    about: .coinbase,
    live: { url, restHost, _ in
      let adapter = url.map { CoinbaseAdapter(url: $0) } ?? CoinbaseAdapter()
      return VenueLiveSetup(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: VenueLiveSetup.marketChannels),
        bookPolicy: .sequence(adapter.bookPolicy()), bookDepth: nil,
        restHost: restHost ?? CoinbaseAdapter.restHost)
    },
    decoder: { _ in CoinbaseDecoder() },
    bookReplay: { symbol in
      VenueBookReplay(
        symbol: symbol, decoder: CoinbaseDecoder(), sync: .sequence(SequenceLinkSync(link: .connection)))
    })
}
