import Testing

@testable import Terminal

@Suite struct TerminalAlertTests {
  @Test func notificationsOutsideTmux() {
    let bytes = TerminalAlert.notificationBytes(title: "tradeterm", body: "XBTUSD 100", tmux: false)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\u{1B}]777;notify;tradeterm;XBTUSD 100\u{1B}\\\u{1B}]9;tradeterm: XBTUSD 100\u{07}")
  }

  /// Inside tmux each sequence goes in a DCS passthrough with its ESCs doubled.
  @Test func notificationsThroughTmux() {
    let text = String(
      decoding: TerminalAlert.notificationBytes(title: "t", body: "b", tmux: true), as: UTF8.self)
    #expect(
      text == "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;t;b\u{1B}\u{1B}\\\u{1B}\\"
        + "\u{1B}Ptmux;\u{1B}\u{1B}]9;t: b\u{07}\u{1B}\\")
  }

  /// Text from outside cannot end the sequence early or start another.
  @Test func hostileTextIsCleaned() {
    let text = String(
      decoding: TerminalAlert.notificationBytes(
        title: "a;b", body: "x\u{1B}]0;pwned\u{07}\u{9C}y", tmux: false),
      as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}]777;notify;a,b;x?]0,pwned??y\u{1B}\\"))
    #expect(text.filter { $0 == "\u{1B}" }.count == 3)
  }
}
