/// One terminal cell: a character and its style. A character two columns wide (`CharacterWidth`)
/// takes two cells: the first holds it (`isWide`), the second continues it (`isContinuation`,
/// the same character and style, never drawn on its own).
///
/// The character is kept as one Unicode scalar: `Grid` shows anything that is not a single
/// printable scalar of one or two columns as `?`, so a scalar is all a cell ever holds. Scalar,
/// style and the two halves' marks are packed into one integer (`key`), so copying and comparing
/// cells (the terminal's diff compares every cell of every frame) is copying and comparing one
/// word.
public struct Cell: Sendable, Hashable {
  /// The scalar in the low 32 bits, `Style.raw` in the 16 above, then the `isWide` and
  /// `isContinuation` bits: equal cells, equal keys.
  public private(set) var key: UInt64

  /// The bit of `key` that marks the first half of a two-column character.
  public static let wideBit: UInt64 = 1 << 48
  /// The bit of `key` that marks the second half.
  public static let continuationBit: UInt64 = 1 << 49

  /// A cell showing `character`, made safe for the terminal as `Grid.put` would
  /// (`Grid.safe`: controls, and characters that do not fit one cell, become `?`).
  public init(_ character: Character = " ", _ style: Style = .plain) {
    self.init(scalar: Grid.safeScalar(character), style)
  }

  /// A cell showing `scalar` as is (the caller knows it is printable and one column wide).
  public init(scalar: Unicode.Scalar, _ style: Style = .plain) {
    key = UInt64(scalar.value) | UInt64(style.raw) << 32
  }

  private init(key: UInt64) { self.key = key }

  /// The two cells of a two-column character (the caller knows `scalar` is one).
  public static func wide(_ scalar: Unicode.Scalar, _ style: Style = .plain) -> (Cell, Cell) {
    let key = UInt64(scalar.value) | UInt64(style.raw) << 32
    return (Cell(key: key | wideBit), Cell(key: key | continuationBit))
  }

  /// The character shown, as the scalar it is.
  public var scalar: Unicode.Scalar {
    get { Unicode.Scalar(UInt32(truncatingIfNeeded: key)) ?? "?" }
    set { key = UInt64(newValue.value) | UInt64(style.raw) << 32 }
  }

  public var style: Style {
    get { Style(raw: UInt16(truncatingIfNeeded: key >> 32)) ?? .plain }
    set { key = key & ~(0xFFFF << 32) | UInt64(newValue.raw) << 32 }
  }

  /// The first half of a two-column character.
  public var isWide: Bool { key & Self.wideBit != 0 }

  /// The second half of a two-column character (the cell before holds it).
  public var isContinuation: Bool { key & Self.continuationBit != 0 }

  /// The character shown.
  public var character: Character { Character(scalar) }

  public static let blank = Cell()
}
