import MarketModel

/// The liquidity heatmap: time across (the newest moment at the right, one column a moment),
/// price up (one row a band, centred on the newest mid), each cell the size resting in that
/// band then, as a shade. With colour, a five-colour ramp of blocks (deep blue to yellow, the
/// terminal's 256 colours or its basic eight); without, the ASCII ramp ` .:-=+*#%@`. The price
/// traded in each moment is drawn over it (`•`, ASCII `o`); the axis on the right labels the
/// top, the mid and the bottom band, and the scale (the size of the strongest shade).
public struct HeatmapView: Sendable {
  public var heatmap: LiquidityHeatmap
  public var priceDecimals: Int
  public var color: Bool
  public var ascii: Bool
  /// Whether the moment in progress is drawn (its column changes with every book update). The
  /// dashboard draws the finished moments only: they change once a moment, so the pane is drawn
  /// again once a second, not at every book update.
  public var showsCurrentMoment: Bool

  public init(
    heatmap: LiquidityHeatmap, priceDecimals: Int, color: Bool, ascii: Bool, showsCurrentMoment: Bool = true
  ) {
    self.heatmap = heatmap
    self.priceDecimals = priceDecimals
    self.color = color
    self.ascii = ascii
    self.showsCurrentMoment = showsCurrentMoment
  }

  static let asciiRamp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
  static let heat: [Style.Color] = [.heat1, .heat2, .heat3, .heat4, .heat5]

  /// The shade (0 none … 9 strongest) of `size` against the strongest `top`: a square root, so
  /// thin levels still show next to a wall.
  static func shade(_ size: Float, top: Float) -> Int {
    guard size > 0, top > 0 else { return 0 }
    return max(1, min(9, Int((Double(size / top).squareRoot() * 9).rounded(.up))))
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    // The newest moment drawn, as moments back from the one in progress.
    let first = showsCurrentMoment ? 0 : 1
    guard let centre = heatmap.centre(back: first), heatmap.step > 0 else {
      grid.put(" no book yet", x: area.x, y: area.y + (area.height - 1) / 2, style: Style(.muted), clip: area)
      return
    }
    let step = heatmap.step
    let top = centre + Double(area.height / 2) * step
    var labelWidth = max(format(top).count, format(centre - Double(area.height) * step).count) + 2
    let showLabels = area.width - labelWidth >= 8
    // The scale: the largest size in view.
    func largest(in columns: Int) -> Float {
      var strongest: Float = 0
      for back in first..<(first + columns) {
        for row in 0..<area.height {
          strongest = max(strongest, heatmap.size(back: back, price: top - Double(row) * step))
        }
      }
      return strongest
    }
    var columns = min(showLabels ? area.width - labelWidth : area.width, heatmap.count - first)
    var strongest = largest(in: columns)
    // The axis widens for the scale's label ("max 180.0K") when the map keeps 8 columns.
    let scaleWidth = ("max " + NumberFormat.compact(Double(strongest))).count + 2
    if showLabels, area.height >= 5, scaleWidth > labelWidth, area.width - scaleWidth >= 8 {
      labelWidth = scaleWidth
      columns = min(area.width - labelWidth, heatmap.count - first)
      strongest = largest(in: columns)
    }
    let right = area.x + (showLabels ? area.width - labelWidth : area.width) - 1

    let glyphs = Glyphs.forTerminal(ascii: ascii)
    for back in first..<(first + columns) {
      let x = right - (back - first)
      for row in 0..<area.height {
        let shade = Self.shade(heatmap.size(back: back, price: top - Double(row) * step), top: strongest)
        guard shade > 0 else { continue }
        let cell =
          color
          ? Cell(ascii ? Self.asciiRamp[shade] : "█", Style(Self.heat[(shade - 1) * 5 / 9]))
          : Cell(Self.asciiRamp[shade])
        grid.put(cell, x: x, y: area.y + row, clip: area)
      }
      if let price = heatmap.tradedPrice(back: back) {
        // Checked before `Int(_:)`: a traded price far off the view (1e300) is no row.
        let offset = ((top - price) / step).rounded()
        if offset.isFinite, offset >= 0, offset < Double(area.height) {
          let row = Int(offset)
          grid.put(Cell(ascii ? "o" : "•", Style(.normal, bold: true)), x: x, y: area.y + row, clip: area)
        }
      }
    }
    guard showLabels else { return }
    let axisX = right + 1
    let muted = Style(.muted)
    for row in 0..<area.height { grid.put(Cell(glyphs.axis, muted), x: axisX, y: area.y + row, clip: area) }
    var labels: [(Int, String, Style)] = [
      (0, format(top), muted), (area.height / 2, format(centre), Style(bold: true)),
      (area.height - 1, format(top - Double(area.height - 1) * step), muted),
    ]
    // The scale's label: a shorter word when "max 180.0K" does not fit the axis, none when that
    // does not either, never a number cut short ("max 180.0" read as 180 contracts).
    let room = area.x + area.width - (axisX + 1)
    let scale = NumberFormat.compact(Double(strongest))
    if area.height >= 5, let label = ["max " + scale, "mx " + scale].first(where: { $0.count <= room }) {
      labels.append((1, label, muted))
    }
    for (row, text, style) in labels {
      grid.put(Cell(glyphs.axisTick, muted), x: axisX, y: area.y + row, clip: area)
      grid.put(text, x: axisX + 1, y: area.y + row, style: style, clip: area)
    }
  }

  private func format(_ price: Double) -> String { NumberFormat.price(price, decimals: priceDecimals) }
}
