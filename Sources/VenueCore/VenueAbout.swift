/// What `tradeterm venues` says of a venue: each adapter describes itself (its facts stay in its
/// folder), and the executable lists the adapters it registers.
public struct VenueAbout: Sendable, Hashable {
  public var venue: Venue
  /// The name people know it by (`Binance USDⓈ-M`), which every layer prints.
  public var displayName: String
  /// Example instruments, as the command line takes them.
  public var examples: [String]
  /// The book's sync rule in words.
  public var bookRule: String
  /// What tradeterm reads of it so far.
  public var reads: String
  /// Whether the dashboard, `--once` and replay can run on it yet.
  public var selectable: Bool
  /// The instrument a run on this venue opens on when none is named (the venue's own symbol);
  /// nil when it has none and the run asks which.
  public var defaultSymbol: String?
  /// The letter the cross-venue widgets mark its instruments with (`K` Kraken, `F` Binance
  /// USDⓈ-M: `VenueMarks`).
  public var mark: Character
  /// Which of its markets send liquidations (the Activity pane says why one has none).
  public var liquidations: LiquidationCoverage
  /// The character between a spot pair's base and quote in its symbols (`/` in Kraken's
  /// `BTC/USD`, `-` in Coinbase's `BTC-USD`); nil when its symbols run them together
  /// (`BTCUSDT`) or it has derivatives spelt the same way. The demo's ticket reads a pair's
  /// assets by it while the venue's facts have not come.
  public var spotPairSeparator: Character?
  /// What follows an asset's code in the venue's spot pair of it against the dollar or its
  /// stablecoin (`/USD`: Kraken's `BTC/USD`), and in its most liquid perpetual against one
  /// (`-USDT-SWAP`: OKX's `BTC-USDT-SWAP`): how `--across ASSET` names them; nil: none here.
  public var dollarSpotSuffix: String?
  public var dollarPerpetualSuffix: String?
  /// Every instrument of the venue is a contract whose size only its REST facts convert (Binance
  /// USDⓈ-M, Bybit linear and inverse): the cross-venue book waits for them.
  public var contractsOnly: Bool
  /// Whether every frame names the instrument it is of; not Coinbase's (one sequence counter per
  /// connection) nor Binance's (a REST snapshot body): two of its instruments in one recording of
  /// the cross-venue screen could not be told apart in its replay.
  public var framesNameTheirInstrument: Bool
  /// The instruments it answers under another's name (Coinbase's `-USDC` products): the screen
  /// says whose data one shows.
  public var dataAlias: DataAlias?
  /// The instruments whose price is Bitcoin's in US dollars, in order of preference (BitMEX's
  /// inverse perpetual, then its index): the one USD valuation (`Rates`) takes the first with a
  /// price in the venue's markets list.
  public var bitcoinSources: [Symbol]
  /// Where the simulator (ExchangeSim) serves the venue's dialect, below its `ws://HOST:PORT` and
  /// `http://HOST:PORT` (`/kraken/v2` and `/kraken`): what `--demo VENUE:SYMBOL` connects to; nil
  /// for no dialect, or one of its own path (BitMEX).
  public var simWebSocketPath: String?
  public var simRESTPath: String?

  public init(
    venue: Venue, displayName: String, examples: [String], bookRule: String, reads: String, selectable: Bool,
    defaultSymbol: String? = nil, mark: Character, liquidations: LiquidationCoverage,
    spotPairSeparator: Character? = nil, dollarSpotSuffix: String? = nil,
    dollarPerpetualSuffix: String? = nil,
    contractsOnly: Bool = false, framesNameTheirInstrument: Bool = true, dataAlias: DataAlias? = nil,
    bitcoinSources: [Symbol] = [], simWebSocketPath: String? = nil, simRESTPath: String? = nil
  ) {
    self.venue = venue
    self.displayName = displayName
    self.examples = examples
    self.bookRule = bookRule
    self.reads = reads
    self.selectable = selectable
    self.defaultSymbol = defaultSymbol
    self.mark = mark
    self.liquidations = liquidations
    self.spotPairSeparator = spotPairSeparator
    self.dollarSpotSuffix = dollarSpotSuffix
    self.dollarPerpetualSuffix = dollarPerpetualSuffix
    self.contractsOnly = contractsOnly
    self.framesNameTheirInstrument = framesNameTheirInstrument
    self.dataAlias = dataAlias
    self.bitcoinSources = bitcoinSources
    self.simWebSocketPath = simWebSocketPath
    self.simRESTPath = simRESTPath
  }

  /// The spot pair's base and quote as spelt in `symbol` (`BTC/USD` on Kraken), nil when the
  /// venue's symbols do not read so or `symbol` is not two parts.
  public func spotPair(_ symbol: String) -> (base: Substring, quote: Substring)? {
    guard let spotPairSeparator else { return nil }
    let parts = symbol.split(separator: spotPairSeparator, omittingEmptySubsequences: false)
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// The examples' symbols without their `venue:` prefix (`bitmex:ETHUSD` is `ETHUSD`).
  public var exampleSymbols: [String] { examples.map { InstrumentKey.symbolPart(of: $0) } }

  /// The list as `tradeterm venues` prints it: one block a venue.
  public static func listing(_ venues: [VenueAbout]) -> String {
    var out = ""
    for v in venues {
      out += "\(v.venue.rawValue)  \(v.displayName)  \(v.selectable ? "ready" : "not yet selectable")\n"
      out += "  e.g.   \(v.examples.joined(separator: ", "))\n"
      out += "  book   \(v.bookRule)\n"
      out += "  reads  \(v.reads)\n"
    }
    return out
  }
}
