import Testing

@testable import Screen

@Suite struct LayoutTests {
  static let sizes: [(Int, Int)] = [
    (60, 16), (80, 24), (120, 40), (200, 60), (300, 100), (61, 17), (250, 50),
  ]

  @Test(arguments: sizes, Pane.layouts)
  func panesStayInsideAndApart(size: (Int, Int), zoom: Pane?) throws {
    let (width, height) = size
    let layout = try #require(Layout.compute(width: width, height: height, zoom: zoom))
    let screen = Rect(x: 0, y: 0, width: width, height: height)
    let rects = layout.rects
    for r in rects {
      #expect(screen.contains(r), "\(r) outside \(screen)")
      #expect(!r.isEmpty)
    }
    for i in rects.indices {
      for j in rects.indices where i < j {
        #expect(!rects[i].overlaps(rects[j]), "\(rects[i]) overlaps \(rects[j])")
      }
    }
    // Together they cover the screen: no garbage left between panes.
    #expect(rects.reduce(0) { $0 + $1.width * $1.height } == width * height)
    #expect(layout.header == Rect(x: 0, y: 0, width: width, height: 1))
    #expect(layout.status == Rect(x: 0, y: height - 1, width: width, height: 1))
  }

  @Test(arguments: sizes)
  func splitPanesAreUsable(size: (Int, Int)) throws {
    let layout = try #require(Layout.compute(width: size.0, height: size.1, zoom: nil))
    let book = try #require(layout.book)
    let trades = try #require(layout.trades)
    let chart = try #require(layout.chart)
    // A book needs a header, a spread line and three levels a side inside its border.
    #expect(book.width >= 30 && book.height >= 10)
    #expect(trades.width >= 30 && trades.height >= 10)
    #expect(chart.height >= 4 && chart.width == size.0)
    #expect(book.y == trades.y && book.height == trades.height)
    #expect(book.width >= trades.width)
  }

  @Test(arguments: sizes, [Pane.book, .trades, .chart])
  func zoomedPaneTakesTheBody(size: (Int, Int), zoom: Pane?) throws {
    let layout = try #require(Layout.compute(width: size.0, height: size.1, zoom: zoom))
    let body = Rect(x: 0, y: 1, width: size.0, height: size.1 - 2)
    let panes = [layout.book, layout.trades, layout.chart].compactMap { $0 }
    #expect(panes == [body])
  }

  static let tooSmall: [(Int, Int)] = [(59, 16), (60, 15), (0, 0), (10, 100), (300, 15)]

  @Test(arguments: tooSmall, Pane.layouts)
  func tooSmallHasNoLayout(size: (Int, Int), zoom: Pane?) {
    #expect(Layout.compute(width: size.0, height: size.1, zoom: zoom) == nil)
  }

  @Test func splitAt80x24() throws {
    let layout = try #require(Layout.compute(width: 80, height: 24, zoom: nil))
    #expect(layout.book == Rect(x: 0, y: 1, width: 40, height: 17))
    #expect(layout.trades == Rect(x: 40, y: 1, width: 40, height: 17))
    #expect(layout.chart == Rect(x: 0, y: 18, width: 80, height: 5))
  }

  @Test func splitAt200x60GivesTheBookTheRoom() throws {
    let layout = try #require(Layout.compute(width: 200, height: 60, zoom: nil))
    #expect(layout.trades?.width == 72)
    #expect(layout.book?.width == 128)
    #expect(layout.chart?.height == 14)
  }
}
