/// One terminal cell: a character (one column wide; wider characters are not used) and
/// its style.
public struct Cell: Sendable, Hashable {
  public var character: Character
  public var style: Style

  public init(_ character: Character = " ", _ style: Style = .plain) {
    self.character = character
    self.style = style
  }

  public static let blank = Cell()
}
