/// One terminal cell: a character (one column wide; wider characters are not used) and
/// its style.
///
/// The character is kept as one Unicode scalar: `Grid` shows anything that is not a single
/// printable one-column scalar as `?`, so a scalar is all a cell ever holds. Scalar and style
/// are packed into one integer (`key`), so copying and comparing cells (the terminal's diff
/// compares every cell of every frame) is copying and comparing one word.
public struct Cell: Sendable, Hashable {
  /// The scalar in the low 32 bits, `Style.raw` in the 8 above: equal cells, equal keys.
  public private(set) var key: UInt64

  /// A cell showing `character`, made safe for the terminal as `Grid.put` would
  /// (`Grid.safe`: controls and wide characters become `?`).
  public init(_ character: Character = " ", _ style: Style = .plain) {
    self.init(scalar: Grid.safeScalar(character), style)
  }

  /// A cell showing `scalar` as is (the caller knows it is printable and one column wide).
  public init(scalar: Unicode.Scalar, _ style: Style = .plain) {
    key = UInt64(scalar.value) | UInt64(style.raw) << 32
  }

  /// The character shown, as the scalar it is.
  public var scalar: Unicode.Scalar {
    get { Unicode.Scalar(UInt32(truncatingIfNeeded: key)) ?? "?" }
    set { key = key & ~0xFFFF_FFFF | UInt64(newValue.value) }
  }

  public var style: Style {
    get { Style(raw: UInt8(truncatingIfNeeded: key >> 32)) ?? .plain }
    set { key = key & 0xFFFF_FFFF | UInt64(newValue.raw) << 32 }
  }

  /// The character shown.
  public var character: Character { Character(scalar) }

  public static let blank = Cell()
}
