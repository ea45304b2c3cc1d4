import Foundation
import Testing

/// A switch of venue inside the built `tradeterm --demo` in tmux (issue 25's "a switch to
/// kraken:ETH/USD and back to BitMEX XBTUSD"): each market goes LIVE under its own venue's name,
/// BitMEX's REST (the picker's symbol list) works after a start on Kraken, OKX's instrument facts
/// come from its own REST after the switch, Binance USDⓈ-M goes live on its two connections, and
/// Ctrl-C ends it.
@Suite(.serialized) struct VenueSwitchEndToEndTests {
  /// The header: the first line of the screen.
  static func header(_ text: String) -> String { text.components(separatedBy: "\n").first ?? "" }

  @Test func krakenToBitMEXToOKXAndBack() throws {
    let tradeterm = try Binaries.path("tradeterm")
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-switch-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(
      width: 100, height: 30,
      command: "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(state) XDG_CONFIG_HOME=\(state) \(tradeterm) "
        + "--demo kraken:BTC/USD; echo \"EXIT=$?\"; sleep 60")
    tmux.wait("Kraken BTC/USD, LIVE", timeout: 20) {
      Self.header($0).hasPrefix(" kraken:BTC/USD") && $0.contains("LIVE")
    }
    try tmux.send("/")
    tmux.wait("the picker says whose a bare symbol is") { $0.contains("Symbol on Kraken") }
    try tmux.send("bitmex:XBTUSD", "Enter")
    tmux.wait("BitMEX XBTUSD, LIVE, with its instrument", timeout: 20) {
      Self.header($0).hasPrefix(" XBTUSD") && Self.header($0).contains("Mark") && $0.contains("LIVE")
        && !$0.contains("kraken:")
    }
    // BitMEX's symbol list comes over REST: the worker runs though the run started on Kraken.
    try tmux.send("/")
    tmux.wait("BitMEX's symbol list", timeout: 20) {
      $0.contains("Symbol on BitMEX") && $0.contains("ETHUSD")
    }
    try tmux.send("okx:BTC-USDT", "Enter")
    tmux.wait("OKX BTC-USDT, LIVE", timeout: 20) {
      Self.header($0).hasPrefix(" okx:BTC-USDT") && $0.contains("LIVE") && !Self.header($0).contains("Mark")
    }
    // Its facts from OKX's own REST, asked by the worker the switch started.
    tmux.wait("OKX's instrument facts", timeout: 20) { Self.header($0).contains("BTC/USDT spot") }
    // Binance USDⓈ-M, on its two connections (book on one, trades, ticker and mark on the other).
    try tmux.send("/")
    try tmux.send("binance-usdm:BTCUSDT", "Enter")
    tmux.wait("Binance USDⓈ-M BTCUSDT, LIVE, with its mark", timeout: 20) {
      Self.header($0).hasPrefix(" binance-usdm:BTCUSDT") && Self.header($0).contains("Mark")
        && $0.contains("LIVE")
    }
    try tmux.send("C-c")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }
}
