/// Where BitMEX is: its realtime WebSocket and its REST base, on the live exchange or testnet.
public enum BitMEXEndpoints {
  /// The realtime WebSocket URL.
  public static func webSocket(testnet: Bool) -> String {
    testnet ? "wss://ws.testnet.bitmex.com/realtime" : "wss://ws.bitmex.com/realtime"
  }

  /// The REST base URL (paths such as `/instrument/active` go after it).
  public static func rest(testnet: Bool) -> String {
    testnet ? "https://testnet.bitmex.com/api/v1" : "https://www.bitmex.com/api/v1"
  }
}
