import Foundation
import Kraken
import OKX
import Testing
import VenueCore

@Suite struct InstrumentTests {
  @Test(arguments: [
    ("kraken:BTC/USD", "kraken:BTC/USD"), ("XBTUSD", "bitmex:XBTUSD"), ("bitmex:ETHUSD", "bitmex:ETHUSD"),
    ("Binance-USDM:BTCUSDT", "binance-usdm:BTCUSDT"), ("okx:BTC-USD-SWAP", "okx:BTC-USD-SWAP"),
  ])
  func keysReadAsVenueColonSymbol(text: String, key: String) throws {
    #expect(try InstrumentKey.parse(text).get().description == key)
  }

  @Test func badKeysSayWhy() throws {
    // A venue not among the registered ones the caller gives is refused, with their list.
    let known: [Venue] = [.bitmex, .kraken, .okx]
    #expect(
      InstrumentKey.parse("nasdaq:AAPL", venues: known) == .failure(.unknownVenue("nasdaq", known: known)))
    #expect(try InstrumentKey.parse("Kraken:BTC/USD", venues: known).get().venue == .kraken)
    // Without a list, any well-formed name is a venue; a malformed one never is.
    #expect(try InstrumentKey.parse("nasdaq:AAPL").get().venue.name == "nasdaq")
    #expect(InstrumentKey.parse("bad venue:X") == .failure(.unknownVenue("bad venue")))
    #expect(InstrumentKey.parse("kraken:") == .failure(.emptySymbol))
    #expect(InstrumentKey.parse("") == .failure(.emptySymbol))
    if case .failure(.symbolTooLong) = InstrumentKey.parse("okx:" + String(repeating: "X", count: 30)) {
    } else {
      Issue.record("a long symbol was accepted")
    }
    #expect(
      "\(InstrumentKey.ParseError.unknownVenue("x", known: known))".hasSuffix("(venues: bitmex, kraken, okx)")
    )
    #expect("\(InstrumentKey.ParseError.unknownVenue("x"))".contains("`tradeterm venues` lists them"))
  }

  @Test func assetCodesAreCanonical() {
    #expect(AssetCode("XBT") == "BTC")
    #expect(AssetCode("XXBT") == "BTC")
    #expect(AssetCode("XLTC") == "LTC" && AssetCode("XXRP") == "XRP" && AssetCode("XXLM") == "XLM")
    #expect(AssetCode("zusd") == "USD")
    #expect(AssetCode("USDT") != AssetCode("USD"))
    let usdc: AssetCode = "USDC"
    let usd: AssetCode = "USD"
    #expect(usdc.isDollarStablecoin && !usd.isDollarStablecoin)
    #expect(AssetCode(String()) == nil)
  }

  /// Every contract kind, with the factors a venue's row gives.
  @Test func conversionsForEveryContractKind() throws {
    let price = 50_000.0
    // BitMEX XBTUSD: 1 USD a contract (inverse).
    let xbtusd = ContractDescriptor.inverse(value: FixedDecimal("1")!)
    #expect(xbtusd.quoteNotional(size: 1_000, price: price) == 1_000)
    #expect(xbtusd.baseQuantity(size: 1_000, price: price) == 0.02)
    // BitMEX XBTUSDT: 1,000,000 contracts per XBT (linear).
    let xbtusdt = ContractDescriptor.linear(value: FixedDecimal("0.000001")!)
    #expect(abs(xbtusdt.baseQuantity(size: 1_000, price: price)! - 0.001) < 1e-15)
    #expect(abs(xbtusdt.quoteNotional(size: 1_000, price: price)! - 50) < 1e-9)
    // BitMEX ETHUSD: 100 XBt per USD of price, settled in XBT (quanto): needs XBT's price.
    let ethusd = ContractDescriptor.quanto(
      multiplier: FixedDecimal("100")!, settlePerWhole: FixedDecimal("100000000")!)
    #expect(ethusd.quoteNotional(size: 1, price: 2_000) == nil)
    #expect(ethusd.quoteNotional(size: 1, price: 2_000, settleRate: price) == 100)
    #expect(ethusd.baseQuantity(size: 1, price: 2_000, settleRate: price) == 0.05)
    // Spot and Binance USDⓈ-M: the base asset.
    #expect(ContractDescriptor.base.baseQuantity(size: 0.5, price: price) == 0.5)
    #expect(ContractDescriptor.base.quoteNotional(size: 0.5, price: price) == 25_000)
    // No price, no inverse maths.
    #expect(xbtusd.baseQuantity(size: 1, price: 0) == nil)
  }

  @Test func fixedDecimalProducts() {
    #expect(FixedDecimal("0.01")!.multiplied(by: FixedDecimal("3")!) == FixedDecimal("0.03"))
    #expect(FixedDecimal("10.0")!.multiplied(by: FixedDecimal("2.50")!)?.description == "25.0")
    #expect(FixedDecimal(mantissa: Int64.max, scale: 0).multiplied(by: FixedDecimal("2")!) == nil)
  }
}
