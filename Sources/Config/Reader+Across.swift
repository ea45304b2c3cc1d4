import App
import MarketModel
import TOMLKit
import VenueCore

extension Reader {
  /// `[across]`: `stablecoins-at-par = true`, `fps = 20` and one table per asset, `[across.BTC]` with
  /// `instruments = ["kraken:BTC/USD", "binance-usdm:BTCUSDT", …]`: what `--across BTC` follows
  /// instead of its default choice.
  mutating func across(_ v: TOMLValueConvertible, into s: inout Settings) throws(ConfigError) {
    guard let table = v.table else {
      throw error("across must be a table: [across] or [across.BTC] with instruments = [...]", key: "across")
    }
    for (key, value) in table {
      if key == "stablecoins-at-par" {
        guard let b = value.bool else {
          throw error(
            "across.stablecoins-at-par must be true or false, not \(Self.typeName(value))", table: "across",
            key: key)
        }
        s.stablecoinsAtPar = b
        continue
      }
      if key == "fps" {
        let n = try integer(value, "across.fps", table: "across", key: key)
        guard Settings.fpsRange.contains(n) else {
          throw error("across.fps must be from 1 to 120, not \(n)", table: "across", key: key)
        }
        s.acrossFps = n
        continue
      }
      let place = "across.\(key)"
      guard let asset = AssetCode(key), let assetTable = value.table else {
        throw error(
          "across.\(TerminalText.sanitized(key)) must be an asset's table ([across.BTC] with instruments = "
            + "[\"kraken:BTC/USD\", ...]), stablecoins-at-par or fps",
          table: "across", key: key)
      }
      var keys: [InstrumentKey] = []
      for (name, item) in assetTable {
        guard name == "instruments" else {
          unknown(name, known: ["instruments"], table: place)
          continue
        }
        guard let array = item.array else {
          throw error(
            "\(place).instruments must be an array of \"venue:SYMBOL\", not \(Self.typeName(item))",
            table: place,
            key: name)
        }
        for element in array {
          let text = try string(element, "\(place).instruments", table: place, key: name)
          guard !text.contains(" "), text.unicodeScalars.allSatisfy(TerminalText.isSafe) else {
            throw error(
              "\(place).instruments must be \"venue:SYMBOL\", printable, without spaces", table: place,
              key: name)
          }
          switch InstrumentKey.parse(text, venues: venues) {
          case .success(let parsed):
            if !keys.contains(parsed) { keys.append(parsed) }
          case .failure(let problem):
            throw error(
              "\(place).instruments: \(TerminalText.sanitized(problem.description))", table: place, key: name)
          }
        }
      }
      guard !keys.isEmpty else {
        throw error(
          "\(place) needs instruments = [\"venue:SYMBOL\", ...] (at least one)", table: "across", key: key)
      }
      s.acrossInstruments[asset] = keys
    }
  }

  /// `[fees]`: each venue's taker fee in percent (`binance = 0.10`), from 0 to 100; the spread
  /// matrix counts them and says so.
  mutating func fees(_ v: TOMLValueConvertible, into s: inout Settings) throws(ConfigError) {
    guard let table = v.table else {
      throw error(
        "fees must be a table of venue = taker fee in percent, e.g. [fees] binance = 0.10", key: "fees")
    }
    for (name, value) in table {
      guard let venue = Venue(name: name, among: venues) else {
        throw error(
          "fees: \(TerminalText.sanitized(InstrumentKey.ParseError.unknownVenue(name, known: venues).description))",
          table: "fees", key: name)
      }
      let percent = try number(value, "fees.\(name)", table: "fees", key: name, limit: 100)
      guard percent >= 0, let fee = FixedDecimal(AlertRule.number(percent)) else {
        throw error(
          "fees.\(name) must be a taker fee in percent from 0 to 100, not \(Self.text(percent))",
          table: "fees",
          key: name)
      }
      s.takerFeePercent[venue] = fee
    }
  }
}
