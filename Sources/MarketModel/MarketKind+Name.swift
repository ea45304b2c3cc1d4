extension MarketKind {
  /// The kind in one word, as the `--once --markets` outputs write it and the markets list's
  /// Type column starts from: `perpetual`, `future`, `spot`, `index`, `other`.
  public var name: String {
    switch self {
    case .perpetual: "perpetual"
    case .future: "future"
    case .spot: "spot"
    case .index: "index"
    case .other: "other"
    }
  }
}
