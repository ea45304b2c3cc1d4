extension Rect {
  /// Splits into the rest and a right part of `columns` columns: (rest, right).
  public func splitRight(_ columns: Int) -> (Rect, Rect) {
    let c = min(max(0, columns), width)
    return (
      Rect(x: x, y: y, width: width - c, height: height), Rect(x: maxX - c, y: y, width: c, height: height)
    )
  }

  /// A `width` × `height` rectangle centred in this one (clamped to fit inside it).
  public func centered(width w: Int, height h: Int) -> Rect {
    let cw = min(max(0, w), width)
    let ch = min(max(0, h), height)
    return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
  }

  /// Whether the two rectangles share at least one cell.
  public func overlaps(_ other: Rect) -> Bool {
    !intersection(other).isEmpty
  }

  /// Whether every cell of `other` lies inside this rectangle (an empty one always does).
  public func contains(_ other: Rect) -> Bool {
    other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
  }

  /// Row `n` of the rectangle (a one-row rectangle; empty when `n` is outside).
  public func row(_ n: Int) -> Rect {
    guard n >= 0, n < height else { return Rect(x: x, y: y, width: 0, height: 0) }
    return Rect(x: x, y: y + n, width: width, height: 1)
  }
}
