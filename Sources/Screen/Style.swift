/// How a cell looks: a foreground role and attributes. Colours are roles, not numbers:
/// the terminal maps them to 256 colours, 8 colours, or attributes only (`NO_COLOR`).
///
/// Stored as one small integer (`raw`: the role in the low four bits, one bit per
/// attribute above), so cells compare and copy cheaply; the properties read and write it.
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
    /// A price that went up (header, markets list); `buy`/`sell` are bids, asks and trade sides.
    case up
    /// A price that went down.
    case down
    /// Unfocused pane borders.
    case border
    /// An alert's banner on the status line.
    case banner
    /// The liquidity heatmap's ramp, faintest to strongest.
    case heat1
    case heat2
    case heat3
    case heat4
    case heat5
  }

  /// The packed form: bits 0–4 the colour role, then bold, dim, reverse, underline.
  public private(set) var raw: UInt16

  /// How many distinct `raw` values there can be (a table indexed by `raw` has this size).
  public static let rawCount = 512

  @usableFromInline static let colorMask: UInt16 = 0x1F
  @usableFromInline static let boldBit: UInt16 = 0x20
  @usableFromInline static let dimBit: UInt16 = 0x40
  @usableFromInline static let reverseBit: UInt16 = 0x80
  @usableFromInline static let underlineBit: UInt16 = 0x100

  public init(
    _ color: Color = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false,
    underline: Bool = false
  ) {
    raw = UInt16(color.rawValue)
    if bold { raw |= Self.boldBit }
    if dim { raw |= Self.dimBit }
    if reverse { raw |= Self.reverseBit }
    if underline { raw |= Self.underlineBit }
  }

  /// The style whose packed form is `raw`, if it is one.
  public init?(raw: UInt16) {
    guard Color(rawValue: UInt8(raw & Self.colorMask)) != nil else { return nil }
    self.raw = raw
  }

  public var color: Color {
    get { Color(rawValue: UInt8(raw & Self.colorMask)) ?? .normal }
    set { raw = raw & ~Self.colorMask | UInt16(newValue.rawValue) }
  }

  public var bold: Bool {
    get { raw & Self.boldBit != 0 }
    set { set(Self.boldBit, newValue) }
  }

  public var dim: Bool {
    get { raw & Self.dimBit != 0 }
    set { set(Self.dimBit, newValue) }
  }

  public var reverse: Bool {
    get { raw & Self.reverseBit != 0 }
    set { set(Self.reverseBit, newValue) }
  }

  public var underline: Bool {
    get { raw & Self.underlineBit != 0 }
    set { set(Self.underlineBit, newValue) }
  }

  private mutating func set(_ bit: UInt16, _ on: Bool) {
    raw = on ? raw | bit : raw & ~bit
  }

  public static let plain = Style()

  /// The same style, dimmed (stale data never looks live).
  public var dimmed: Style {
    var s = self
    s.dim = true
    return s
  }
}
