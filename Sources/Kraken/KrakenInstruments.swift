import VenueCore
import WireJSON

/// Kraken's instrument facts → `InstrumentSpec`s: an entry of REST `AssetPairs`
/// (`pair_decimals`, `lot_decimals`, `ordermin`, `tick_size` when present). Kraken pairs are spot:
/// sizes in the base asset. The key is the WebSocket v2 symbol (`BTC/USD`: canonical codes).
public enum KrakenInstruments {
  /// Why a row gave no spec.
  public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var pair: String
    public var reason: String
    public var description: String { "\(pair): \(reason)" }
  }

  /// Every pair of an `AssetPairs` result object (`{"XXBTZUSD":{…},…}`): the specs, and the rows
  /// that could not be read (one bad row never drops the rest).
  public static func specs(assetPairs: WireValue) -> (specs: [InstrumentSpec], errors: [RowError]) {
    var specs: [InstrumentSpec] = []
    var errors: [RowError] = []
    for (name, row) in assetPairs.members ?? [] {
      switch spec(pair: name, row: row) {
      case .success(let s): specs.append(s)
      case .failure(let e): errors.append(e)
      }
    }
    return (specs, errors)
  }

  /// One `AssetPairs` entry.
  public static func spec(pair: String, row: WireValue) -> Result<InstrumentSpec, RowError> {
    func fail(_ reason: String) -> Result<InstrumentSpec, RowError> {
      .failure(RowError(pair: pair, reason: reason))
    }
    guard let b = row["base"]?.text, let base = AssetCode(b), let q = row["quote"]?.text,
      let quote = AssetCode(q)
    else {
      return fail("no base or quote")
    }
    guard let symbol = Symbol("\(base)/\(quote)") else { return fail("symbol too long") }
    let tick: FixedDecimal
    if let t = row["tick_size"]?.text, let v = FixedDecimal(t), v.mantissa > 0 {
      tick = v
    } else if let d = row["pair_decimals"]?.text.flatMap(UInt8.init), d <= FixedDecimal.maxScale {
      tick = FixedDecimal(mantissa: 1, scale: d)
    } else {
      return fail("no pair_decimals")
    }
    guard let d = row["lot_decimals"]?.text.flatMap(UInt8.init), d <= FixedDecimal.maxScale else {
      return fail("no lot_decimals")
    }
    let minSize = row["ordermin"]?.text.flatMap(FixedDecimal.init)
    return .success(
      InstrumentSpec(
        key: InstrumentKey(venue: .kraken, symbol: symbol), kind: .spot, base: base, quote: quote,
        settle: quote,
        tickSize: tick, lotSize: FixedDecimal(mantissa: 1, scale: d), minSize: minSize, contract: .base))
  }
}
