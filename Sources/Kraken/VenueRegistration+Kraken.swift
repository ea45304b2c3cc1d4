import VenueCore

extension VenueRegistration {
  /// Kraken v2: the book at the depth asked (25 by default) under its CRC32 checksum, trades and
  /// ticker; a recording's book replays at the depth of its first snapshot.
  public static let kraken = VenueRegistration(
    about: .kraken,
    live: { url, restHost, depth in
      let adapter = url.map { KrakenAdapter(url: $0) } ?? KrakenAdapter()
      let depth = VenueLiveSetup.depth(asked: depth, of: adapter.bookDepths)
      return VenueLiveSetup(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: VenueLiveSetup.marketChannels),
        bookPolicy: .checksum(ChecksumSync(depth: depth, checksum: AnyBookChecksum(KrakenChecksum()))),
        bookDepth: depth, restHost: restHost ?? KrakenAdapter.restHost)
    },
    decoder: { _ in KrakenDecoder() },
    bookReplay: { symbol in
      VenueBookReplay(
        symbol: symbol, decoder: KrakenDecoder(),
        sync: .checksum(ChecksumSync(depth: 25, checksum: AnyBookChecksum(KrakenChecksum()))),
        inferDepth: true)
    })
}
