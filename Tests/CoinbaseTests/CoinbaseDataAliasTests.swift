import Coinbase
import Testing
import VenueCore

/// Coinbase answers a `-USDC` product under its `-USD` product's name: its adapter (for the feed)
/// and its `VenueAbout` (for the screen) declare the same rule.
@Suite struct CoinbaseDataAliasTests {
  @Test func usdcProductsCarryTheUSDOnes() {
    let alias = CoinbaseAdapter().dataAlias
    #expect(alias == VenueAbout.coinbase.dataAlias)
    #expect(alias?.dataSymbol(for: "BTC-USDC") == "BTC-USD")
    #expect(alias?.dataSymbol(for: "USDT-USDC") == nil)
    #expect(alias?.dataSymbol(for: "BTC-USD") == nil)
  }
}
