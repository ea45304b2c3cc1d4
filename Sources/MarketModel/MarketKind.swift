/// What kind of market an instrument is, from BitMEX's `typ` code.
public enum MarketKind: Sendable, Hashable {
  /// A perpetual swap (`FFWCSX`): funds every interval, never expires.
  case perpetual
  /// A dated future (`FFCCSX`), expiring at `expiryMs` (ms since the Unix epoch) when known.
  case future(expiryMs: Int64?)
  /// A spot pair (`IFXXXP`).
  case spot
  /// An index (`MRCXXX`, `MRRXXX`, `MRIXXX`…): a published price, not traded.
  case index
  /// Anything else (options, unknown or missing `typ`).
  case other

  /// The kind of an instrument of type `typ`, expiring at `expiryMs` if it is a future.
  public init(typ: String?, expiryMs: Int64? = nil) {
    switch typ {
    case "FFWCSX", "FFWCSF": self = .perpetual
    case "FFCCSX": self = .future(expiryMs: expiryMs)
    case "IFXXXP": self = .spot
    case let t? where t.hasPrefix("MR"): self = .index
    default: self = .other
    }
  }

  /// Whether the market funds (perpetuals only).
  public var funds: Bool { self == .perpetual }

  /// Whether the market is a contract on an index, priced apart from it (perpetuals, futures):
  /// it has a basis.
  public var hasBasis: Bool {
    switch self {
    case .perpetual, .future: true
    case .spot, .index, .other: false
    }
  }
}
