extension InstrumentFields {
  /// A venue's ticker in the instrument's words: the fields the header and the markets list
  /// read. The 24 h open is BitMEX's `prevPrice24h`; the volume is counted in the base asset
  /// (`homeNotional24h`, and `volume24h` as the venue counts it), the quote volume in the quote
  /// (`foreignNotional24h`). A field the ticker lacks stays nil (merging keeps what was known).
  public init(ticker t: VenueTicker) {
    self.init()
    lastPrice = t.last?.doubleValue
    bidPrice = t.bid?.doubleValue
    askPrice = t.ask?.doubleValue
    prevPrice24h = t.open24h?.doubleValue
    lastChangePcnt = t.changeFraction24h?.doubleValue
    highPrice = t.high24h?.doubleValue
    lowPrice = t.low24h?.doubleValue
    volume24h = t.volume24h?.doubleValue
    homeNotional24h = t.volume24h?.doubleValue
    foreignNotional24h = t.quoteVolume24h?.doubleValue
    vwap = t.vwap24h?.doubleValue
    markPrice = t.markPrice?.doubleValue
    indicativeSettlePrice = t.indexPrice?.doubleValue
    fundingRate = t.fundingRate?.doubleValue
    fundingTimeMs = t.nextFundingTimeMs
    openInterest = t.openInterest?.doubleValue
    timeMs = t.timeMs
  }
}
