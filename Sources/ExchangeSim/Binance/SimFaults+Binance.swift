extension SimFaults {
  /// The Binance dialect's fault specifications, one per line, for `--help`.
  static let binanceSpecHelp = """
    binance-gap=N          withhold N Binance diff depth updates (a sequence gap)
    binance-stale-snapshot=N  answer N Binance REST depth requests with a snapshot
                           older than the streams open
    binance-boundary-snapshot=N  answer N Binance REST depth requests with the book
                           as of the last depth update sent (U == L+1 next)
    binance-weight=LIMIT   Binance REST weight limit per minute (429, then 418)
    """

  /// Turns on a Binance fault; false when `name` is not one.
  mutating func applyBinance(_ name: String, _ value: String?, spec: String) throws(SpecError) -> Bool {
    func count() throws(SpecError) -> Int {
      guard let value, let n = Int(value), n >= 0 else {
        throw SpecError(spec: spec, expected: "\(name)=COUNT")
      }
      return n
    }
    switch name {
    case "binance-gap": binance.gaps = try count()
    case "binance-stale-snapshot": binance.staleSnapshots = try count()
    case "binance-boundary-snapshot": binance.boundarySnapshots = try count()
    case "binance-weight": binance.weightLimit = try count()
    default: return false
    }
    return true
  }
}
