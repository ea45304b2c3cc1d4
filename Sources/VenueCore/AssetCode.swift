/// A currency or asset in one spelling for every venue (`BTC`, `ETH`, `USD`, `USDT`, `USDC`):
/// cross-venue views group instruments by these codes, never by symbol text. Venue spellings are
/// mapped once, here: BitMEX's and Kraken's `XBT` (and Kraken's legacy `XXBT`, `ZUSD`) are `BTC`
/// and `USD`. Stablecoins stay what they are: `USDT` and `USDC` are not `USD`.
public struct AssetCode: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  public let code: Symbol

  /// The canonical code for a venue's spelling (upper-cased; aliases mapped), or nil when it is
  /// empty or longer than a symbol holds.
  public init?(_ spelling: String) {
    let upper = spelling.uppercased()
    guard !upper.isEmpty, let s = Symbol(Self.aliases[upper] ?? upper) else { return nil }
    code = s
  }

  public init(stringLiteral value: String) {
    guard let c = AssetCode(value) else { preconditionFailure("not an asset code: \(value)") }
    self = c
  }

  /// Venue spellings of the same asset.
  static let aliases: [String: String] = [
    "XBT": "BTC", "XXBT": "BTC", "XETH": "ETH", "ZUSD": "USD", "ZEUR": "EUR", "ZGBP": "GBP", "ZJPY": "JPY",
    "XXDG": "DOGE", "XDG": "DOGE",
    // Kraken's other legacy four-letter codes (its REST `AssetPairs` still writes them).
    "XLTC": "LTC", "XXRP": "XRP", "XXLM": "XLM", "XETC": "ETC", "XXMR": "XMR", "XZEC": "ZEC", "XMLN": "MLN",
    "XREP": "REP", "ZCAD": "CAD", "ZAUD": "AUD", "ZCHF": "CHF",
  ]

  /// The codes valuations ask about at every row of a frame, made once (a literal is read,
  /// upper-cased and looked up in `aliases` each time it is made).
  public static let usd: AssetCode = "USD"
  public static let btc: AssetCode = "BTC"
  public static let usdt: AssetCode = "USDT"
  public static let usdc: AssetCode = "USDC"

  /// Whether it is a US-dollar stablecoin (USDT, USDC): what the cross-venue views may treat at
  /// par with USD when the config says so, and say so.
  public var isDollarStablecoin: Bool { self == .usdt || self == .usdc }

  public var description: String { code.description }

  public static func < (a: AssetCode, b: AssetCode) -> Bool { a.code < b.code }
}
