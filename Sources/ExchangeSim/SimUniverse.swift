import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The simulator's wide listing: ~150 instruments of every kind, generated from a compact
/// table of root symbols × contract kinds, for the markets screen. The default instruments
/// (`SimInstrument.defaults`) keep their books and trades; the universe's extra instruments
/// only move on the `instrument` table (`UniverseTicker`).
///
/// Contract shapes follow BitMEX's rows (`/instrument/active`): linear USDT perpetuals and
/// spot pairs (`multiplier` = 10^6 / `underlyingToPositionMultiplier` USDt, a contract worth a
/// few cents), quanto USD perpetuals settled in XBt, XBT-quoted linear futures (multiplier
/// 10^8, as XRPU21), inverse XBT perpetuals and futures (multiplier −10^8, lot 100).
public enum SimUniverse {
  /// A contract kind a root may be listed as.
  enum Listing: Character, CaseIterable {
    /// `ROOTUSDT`, linear perpetual settled in USDt.
    case usdtPerpetual = "P"
    /// `ROOTUSD`, quanto perpetual settled in XBt.
    case quantoPerpetual = "Q"
    /// `ROOTUSDTZ26`…, linear dated futures settled in USDt (two quarterlies).
    case usdtFutures = "F"
    /// `ROOTZ26`, linear future quoted and settled in XBT (the front quarterly).
    case xbtFuture = "X"
    /// `ROOT_USDT`, spot.
    case spot = "S"
    /// `XBTUSD`-style inverse perpetual and quarterlies in USD, and `XBTEUR`.
    case inverse = "I"
  }

  /// Root, USD price, 24 h USD volume (millions), listings: the whole universe in one table.
  static let table: [(root: String, usd: Double, volume: Double, listings: String)] = [
    ("XBT", 98_000, 900, "PFSI"), ("ETH", 3_500, 400, "PQFS"), ("SOL", 150, 120, "PQFXS"),
    ("XRP", 2.3, 90, "PQFXS"), ("DOGE", 0.35, 60, "PQFXS"), ("LINK", 22, 30, "PQXS"),
    ("ADA", 0.9, 40, "PQFXS"), ("BNB", 650, 35, "PQFXS"), ("AVAX", 40, 25, "PQFXS"),
    ("DOT", 7, 15, "PQXS"), ("LTC", 100, 20, "PQXS"), ("BCH", 450, 12, "PQXS"), ("TRX", 0.25, 8, "PXS"),
    ("POL", 0.5, 9, "PS"), ("UNI", 12, 7, "PXS"), ("AAVE", 300, 9, "PS"), ("ATOM", 8, 6, "PXS"),
    ("NEAR", 5, 6, "PS"), ("APT", 10, 7, "PS"), ("ARB", 0.8, 8, "PFS"), ("OP", 2, 6, "PS"),
    ("SUI", 3.5, 14, "PQFS"), ("PEPE", 0.00002, 20, "PQS"), ("SHIB", 0.00002, 6, "PS"),
    ("FIL", 5, 4, "PS"), ("ETC", 28, 5, "PS"), ("XLM", 0.4, 4, "PS"), ("EOS", 0.8, 2, "P"),
    ("SUSHI", 1.2, 1.5, "P"), ("INJ", 25, 4, "PS"), ("TON", 5.5, 6, "PQS"), ("WIF", 2.5, 9, "PS"),
    ("BONK", 0.00003, 5, "P"), ("ORDI", 35, 3, "P"), ("FET", 1.4, 4, "PS"), ("RNDR", 7, 3, "PS"),
    ("STX", 2, 2, "P"), ("IMX", 1.5, 2, "P"), ("SEI", 0.5, 3, "PS"), ("TIA", 6, 3, "PS"), ("JUP", 1, 3, "PS"),
    ("LDO", 1.8, 2, "PS"), ("MKR", 1_500, 2, "PS"), ("CRV", 0.9, 2, "P"), ("GALA", 0.04, 1.5, "P"),
    ("SAND", 0.6, 1.5, "P"), ("MANA", 0.6, 1, "P"), ("AXS", 7, 1, "P"), ("APE", 1.3, 1.5, "P"),
    ("DYDX", 1.5, 1.5, "P"), ("HBAR", 0.3, 3, "PS"), ("ALGO", 0.4, 2, "PS"), ("ICP", 10, 2, "PS"),
    ("KAS", 0.12, 2, "P"), ("RUNE", 4, 2, "P"),
    ("ENA", 0.9, 4, "PS"), ("ONDO", 1.2, 3, "PS"),
  ]

  /// Month codes of the quarterly expiries (March, June, September, December).
  private static let quarterCodes: [Int: Character] = [3: "H", 6: "M", 9: "U", 12: "Z"]

  /// The extra instruments for a market started now (or at `config.epoch`).
  public static func extras(for config: SimConfig) -> [SimInstrument] {
    let start = config.epoch ?? Date()
    return extras(nowMs: Int64((start.timeIntervalSince1970 * 1000).rounded()))
  }

  /// Every instrument of the table that the default listing (`SimInstrument.defaults`)
  /// lacks, for a market whose clock reads `nowMs` (which decides the futures' expiries):
  /// what `SimConfig.universe` takes.
  public static func extras(nowMs: Int64) -> [SimInstrument] {
    var seen = Set(SimInstrument.defaults.map(\.symbol))
    var out: [SimInstrument] = []
    let quarters = quarterlies(after: nowMs, count: 2)
    for row in table {
      for code in row.listings {
        guard let listing = Listing(rawValue: code) else { continue }
        for instrument in instruments(row.root, usd: row.usd, volume: row.volume * 1e6, listing, quarters)
        where seen.insert(instrument.symbol).inserted {
          out.append(instrument)
        }
      }
      // The real exchange sends its indices on the all-symbols `instrument` table too: a few
      // roots have one (`.BXBT`), a published price that nobody trades.
      if indexed.contains(row.root) {
        out.append(index(".B" + row.root, row.root, usd: row.usd))
      }
    }
    return out
  }

  /// The instruments one root is listed as under `listing`.
  static func instruments(
    _ root: String, usd: Double, volume: Double, _ listing: Listing, _ quarters: [(code: String, ms: Int64)]
  ) -> [SimInstrument] {
    let reference = ".B\(root)"
    switch listing {
    case .usdtPerpetual:
      return [
        linear(root + "USDT", root, usd: usd, volume: volume, typ: "FFWCSX", reference: reference + "T")
      ]
    case .spot:
      return [
        linear(
          root + "_USDT", root, usd: usd, volume: volume * 0.3, typ: "IFXXXP", reference: reference + "T")
      ]
    case .usdtFutures:
      return quarters.enumerated().map { n, q in
        var i = linear(
          root + "USDT" + q.code, root, usd: usd * (1.004 + 0.006 * Double(n)), volume: volume * 0.08,
          typ: "FFCCSX", reference: reference + "T")
        i.expiryMs = q.ms
        return i
      }
    case .quantoPerpetual:
      let multiplier = pow(10, (log10(20_000 / usd)).rounded())
      var i = SimInstrument(
        symbol: root + "USD", rootSymbol: root, kind: .quanto, underlying: root, quoteCurrency: "USD",
        positionCurrency: "", settlCurrency: "XBt", referenceSymbol: reference, tickSize: tick(usd),
        lotSize: 1,
        multiplier: multiplier, startPrice: usd)
      i.usdVolume24h = volume * 0.4
      return [i]
    case .xbtFuture:
      let price = usd / 98_000
      guard let front = quarters.first else { return [] }
      var i = SimInstrument(
        symbol: root + front.code, rootSymbol: root, kind: .linear, typ: "FFCCSX", underlying: root,
        quoteCurrency: "XBT", positionCurrency: root, settlCurrency: "XBt",
        referenceSymbol: reference + "XBT30M",
        tickSize: tick(price), lotSize: 1, multiplier: 100_000_000, underlyingToPositionMultiplier: 1,
        startPrice: price)
      i.expiryMs = front.ms
      i.usdVolume24h = volume * 0.02
      return [i]
    case .inverse:
      var out: [SimInstrument] = []
      for (n, q) in quarters.enumerated() {
        var i = inverse("XBT" + q.code, quote: "USD", price: usd * (1.005 + 0.007 * Double(n)), typ: "FFCCSX")
        i.expiryMs = q.ms
        i.usdVolume24h = volume * 0.03
        out.append(i)
      }
      var eur = inverse("XBTEUR", quote: "EUR", price: usd * 0.92, typ: "FFWCSX")
      eur.usdVolume24h = volume * 0.005
      out.append(eur)
      return out
    }
  }

  private static func linear(
    _ symbol: String, _ root: String, usd: Double, volume: Double, typ: String, reference: String
  ) -> SimInstrument {
    // A contract is worth a few cents: 10^k units of the underlying.
    let units = pow(10, (log10(0.01 / usd)).rounded(.up))
    var i = SimInstrument(
      symbol: symbol, rootSymbol: root, kind: .linear, typ: typ, underlying: root, quoteCurrency: "USDT",
      positionCurrency: root, settlCurrency: "USDt", referenceSymbol: reference, tickSize: tick(usd),
      lotSize: 1_000, multiplier: 1e6 * units, underlyingToPositionMultiplier: 1 / units, startPrice: usd)
    i.usdVolume24h = volume
    return i
  }

  /// The roots whose index the universe lists.
  static let indexed: Set<String> = ["XBT", "ETH", "SOL", "XRP", "DOGE"]

  /// An index (`MRCXXX`): a price, no volume, no open interest.
  private static func index(_ symbol: String, _ root: String, usd: Double) -> SimInstrument {
    SimInstrument(
      symbol: symbol, rootSymbol: root, kind: .linear, typ: "MRCXXX", underlying: root, quoteCurrency: "USD",
      positionCurrency: "", settlCurrency: "", referenceSymbol: symbol, tickSize: tick(usd), lotSize: 1,
      multiplier: 0, startPrice: usd)
  }

  private static func inverse(_ symbol: String, quote: String, price: Double, typ: String) -> SimInstrument {
    SimInstrument(
      symbol: symbol, rootSymbol: "XBT", kind: .inverse, typ: typ, underlying: "XBT", quoteCurrency: quote,
      positionCurrency: quote, settlCurrency: "XBt", referenceSymbol: ".BXBT", tickSize: 0.5, lotSize: 100,
      multiplier: -100_000_000, startPrice: price.rounded())
  }

  /// A tick of about a hundredth of a basis point of the price, a power of ten.
  static func tick(_ price: Double) -> Double {
    pow(10, (log10(price)).rounded(.down) - 4)
  }

  /// The next `count` quarterly expiries after `ms`: the last Friday of March, June,
  /// September and December, 12:00 UTC, with their symbol codes (`Z26`).
  static func quarterlies(after ms: Int64, count: Int) -> [(code: String, ms: Int64)] {
    let day: Int64 = 86_400_000
    var (year, month) = civil(ms / day)
    var out: [(code: String, ms: Int64)] = []
    while out.count < count {
      if let letter = quarterCodes[month] {
        let expiry = lastFriday(year, month) * day + 12 * 3_600_000
        if expiry > ms {
          out.append((String(letter) + String(format2(year % 100)), expiry))
        }
      }
      month += 1
      if month > 12 {
        month = 1
        year += 1
      }
    }
    return out
  }

  private static func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  /// Days since 1970-01-01 of the last Friday of `month` in `year`.
  static func lastFriday(_ year: Int, _ month: Int) -> Int64 {
    let next = month == 12 ? days(year + 1, 1, 1) : days(year, month + 1, 1)
    var d = next - 1
    // 1970-01-01 was a Thursday: weekday 0 = Thursday, 1 = Friday.
    while ((d % 7) + 7) % 7 != 1 { d -= 1 }
    return d
  }

  /// Days since 1970-01-01 of a civil date (proleptic Gregorian).
  static func days(_ y0: Int, _ m: Int, _ d: Int) -> Int64 {
    let y = m <= 2 ? y0 - 1 : y0
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return Int64(era * 146_097 + doe - 719_468)
  }

  /// The year and month of a day count since 1970-01-01.
  static func civil(_ z0: Int64) -> (year: Int, month: Int) {
    let z = Int(z0) + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m)
  }
}
