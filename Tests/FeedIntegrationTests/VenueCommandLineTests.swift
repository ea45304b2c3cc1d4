import Foundation
import Testing

/// Venues on the command line (issue 23): `tradeterm venues`, `VENUE:SYMBOL`, `--venue`.
@Suite struct VenueCommandLineTests {
  @Test func venuesListsEveryVenueAndWhatItCanDo() throws {
    let run = try TradetermProcess.run(["venues"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let heads = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
      String($0.split(separator: " ").first ?? "")
    }
    #expect(
      heads == [
        "bitmex", "kraken", "binance", "binance-usdm", "coinbase", "bybit-spot", "bybit-linear",
        "bybit-inverse", "okx",
      ])
    #expect(run.stdout.contains("bitmex  BitMEX  ready"))
    #expect(run.stdout.contains("kraken  Kraken  not yet selectable"))
  }

  /// `bitmex:ETHUSD` and `ETHUSD` are the same instrument.
  @Test func aBitMEXPrefixIsTheSameInstrument() throws {
    let prefixed = try TradetermProcess.run([
      "bitmex:ETHUSD", "--once", "--json", "--demo", "--timeout", "20",
    ])
    #expect(prefixed.status == 0, "stderr: \(prefixed.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(prefixed.stdout.utf8)) as? [String: Any])
    #expect(json["symbol"] as? String == "ETHUSD")
    #expect(json["venue"] as? String == "bitmex", "\(prefixed.stdout)")
    let viaOption = try TradetermProcess.run([
      "--venue", "BitMEX", "--symbol", "ETHUSD", "--once", "--json", "--demo", "--timeout", "20",
    ])
    #expect(viaOption.status == 0, "stderr: \(viaOption.stderr)")
    #expect(viaOption.stdout.contains(#""venue":"bitmex""#), "\(viaOption.stdout)")
  }

  @Test(arguments: [
    (["kraken:BTC/USD", "--once"], "Kraken is not selectable yet"),
    (["nasdaq:AAPL", "--once"], "unknown venue \"nasdaq\" (venues: bitmex, kraken,"),
    (["--venue", "okx", "--once"], "OKX is not selectable yet"),
    (["--venue", "bitmex", "kraken:BTC/USD", "--once"], "two venues: kraken"),
    (["kraken:", "--once"], "no symbol after the venue"),
  ])
  func aVenueThatCannotRunSaysWhyInOneLine(arguments: [String], message: String) throws {
    let run = try TradetermProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tradeterm: ") && run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}
