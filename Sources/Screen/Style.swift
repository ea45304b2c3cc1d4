/// How a cell looks: a foreground role and attributes. Colours are roles, not numbers:
/// the terminal maps them to 256 colours, 8 colours, or attributes only (`NO_COLOR`).
public struct Style: Sendable, Hashable {
  /// A colour role.
  public enum Color: UInt8, Sendable, Hashable, CaseIterable {
    case normal
    case muted
    case accent
    case buy
    case sell
    case warning
    case error
    case live
    case bidBar
    case askBar
  }

  public var color: Color
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool
  public var underline: Bool

  public init(
    _ color: Color = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false,
    underline: Bool = false
  ) {
    self.color = color
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  public static let plain = Style()

  /// The same style, dimmed (stale data never looks live).
  public var dimmed: Style {
    var s = self
    s.dim = true
    return s
  }
}
