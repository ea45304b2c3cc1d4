/// A rectangle of cells: column `x`, row `y`, `width` columns, `height` rows.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var isEmpty: Bool { width == 0 || height == 0 }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }

  /// The rectangle shrunk by `n` cells on every side (a border's inside).
  public func inset(_ n: Int) -> Rect {
    Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n)
  }

  /// Splits off `rows` rows at the top: (top, rest).
  public func splitTop(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
  }

  /// Splits off `rows` rows at the bottom: (rest, bottom).
  public func splitBottom(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - r),
      Rect(x: x, y: y + height - r, width: width, height: r)
    )
  }

  /// Splits into a left part of `columns` columns and the rest.
  public func splitLeft(_ columns: Int) -> (Rect, Rect) {
    let c = min(max(0, columns), width)
    return (
      Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height)
    )
  }

  /// The intersection with `other`.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    return Rect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
  }

  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
