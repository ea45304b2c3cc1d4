import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The split view of two books (`tradeterm XBTUSD ETHUSD`, issue 29): its layout at every size
/// and zoom, each book's title in the room it has, and the two books composed at 80×24 and
/// 200×60 as the dashboard composes them.
@Suite struct SplitViewTests {
  @Test(arguments: LayoutTests.sizes, Pane.layouts)
  func splitPanesStayInsideApartAndCoverTheScreen(size: (Int, Int), zoom: Pane?) throws {
    let (width, height) = size
    let layout = try #require(Layout.compute(width: width, height: height, zoom: zoom, split: true))
    let rects = layout.rects
    for r in rects {
      #expect(Rect(x: 0, y: 0, width: width, height: height).contains(r), "\(r)")
      #expect(!r.isEmpty)
    }
    for i in rects.indices {
      for j in rects.indices where i < j {
        #expect(!rects[i].overlaps(rects[j]), "\(rects[i]) overlaps \(rects[j])")
      }
    }
    #expect(rects.reduce(0) { $0 + $1.width * $1.height } == width * height)
    // Wherever the book shows, its second shows beside it, as tall, the primary on the left and
    // at least as wide.
    if let book = layout.book {
      let second = try #require(layout.book2)
      #expect(second.y == book.y && second.height == book.height && second.x == book.maxX)
      #expect(book.width >= second.width && book.width - second.width <= 1)
    } else {
      #expect(layout.book2 == nil)
    }
  }

  @Test func at80ColumnsEachBookHasHalfTheScreenAndTheTapeMakesWay() throws {
    let layout = try #require(Layout.compute(width: 80, height: 24, zoom: nil, split: true))
    #expect(layout.book == Rect(x: 0, y: 1, width: 40, height: 17))
    #expect(layout.book2 == Rect(x: 40, y: 1, width: 40, height: 17))
    #expect(layout.trades == nil)
    #expect(layout.chart == Rect(x: 0, y: 18, width: 80, height: 5))
  }

  @Test func at200ColumnsTheBooksHalveTheBooksRoomBesideTheTape() throws {
    let layout = try #require(Layout.compute(width: 200, height: 60, zoom: nil, split: true))
    #expect(layout.book == Rect(x: 0, y: 1, width: 64, height: 44))
    #expect(layout.book2 == Rect(x: 64, y: 1, width: 64, height: 44))
    #expect(layout.trades == Rect(x: 128, y: 1, width: 72, height: 44))
  }

  @Test func zoomedOnTheBookTheTwoBooksTakeTheBody() throws {
    let layout = try #require(Layout.compute(width: 81, height: 24, zoom: .book, split: true))
    #expect(layout.book == Rect(x: 0, y: 1, width: 41, height: 22))
    #expect(layout.book2 == Rect(x: 41, y: 1, width: 40, height: 22))
    #expect(layout.trades == nil && layout.chart == nil)
  }

  @Test func withoutTheSplitThereIsNoSecondBook() throws {
    for zoom in Pane.layouts {
      #expect(try #require(Layout.compute(width: 200, height: 60, zoom: zoom)).book2 == nil)
    }
  }

  static let title = BookTitle(
    name: "binance:BTCUSDT", primary: false, state: "LIVE", last: "98,012.34", spread: "0.01")

  @Test func aTitleDropsItsNumbersWholeSpreadFirst() {
    let t = Self.title
    #expect(t.text(room: 60) == "binance:BTCUSDT  LIVE  last 98,012.34  spread 0.01")
    #expect(t.text(room: 45) == "binance:BTCUSDT  LIVE  98,012.34  spr 0.01")
    #expect(t.text(room: 40) == "binance:BTCUSDT  LIVE  last 98,012.34")
    #expect(t.text(room: 36) == "binance:BTCUSDT  LIVE  98,012.34")
    #expect(t.text(room: 24) == "binance:BTCUSDT  LIVE")
    #expect(t.text(room: 20) == "binance:BTCUSDT LIVE")
    // Never a number cut: at every room, each number is there whole or not at all.
    for room in 0...70 {
      let text = t.text(room: room)
      #expect(text.contains("98,012.34") || !text.contains("98,"), "\(room): \(text)")
      #expect(text.contains("0.01") || !text.contains("spr"), "\(room): \(text)")
      #expect(text.contains("LIVE"), "\(room): \(text)")
    }
  }

  @Test func thePrimaryIsMarkedAndAStaleStateIsKept() {
    var t = Self.title
    t.primary = true
    t.state = "STALE 6s"
    #expect(t.text(room: 80) == "▶ binance:BTCUSDT  STALE 6s  last 98,012.34  spread 0.01")
    t.ascii = true
    #expect(t.text(room: 27) == "> binance:BTCUSDT  STALE 6s")
    #expect(t.text(room: 26) == "> binance:BTCUSDT STALE 6s")
  }

  /// The two books as the dashboard draws them in the split view, over the screen's other panes.
  static func screen(width: Int, height: Int, ascii: Bool = false) -> Grid {
    var g = Snapshot.grid(width, height)
    guard let layout = Layout.compute(width: width, height: height, zoom: nil, split: true) else {
      TooSmall(ascii: ascii).render(into: &g, area: g.bounds)
      return g
    }
    HeaderBar(
      symbol: "XBTUSD", name: "", lastPrice: 50_000.5, tickDirection: .plusTick, change24h: 0.0204,
      markPrice: 50_001.2, indexPrice: 50_001.0, fundingRate: 0.0001, fundingCountdownMs: 11_520_000,
      volume24h: 123_456_789, priceDecimals: 1, ascii: ascii
    ).render(into: &g, area: layout.header)
    let ethAsks = Fixtures.asks.map { PriceLevel(price: $0.price / 20, size: $0.size * 3) }
    let ethBids = Fixtures.bids.map { PriceLevel(price: $0.price / 20, size: $0.size * 3) }
    let books: [(Rect?, BookTitle, [PriceLevel], [PriceLevel], Int)] = [
      (
        layout.book, BookTitle(name: "XBTUSD", primary: true, state: "LIVE", last: "50,000.5", spread: "0.5"),
        Fixtures.asks, Fixtures.bids, 1
      ),
      (
        layout.book2,
        BookTitle(
          name: "binance:ETHUSDT", primary: false, state: "STALE 6s", last: "2,500.03", spread: "0.03"),
        ethAsks, ethBids, 3
      ),
    ]
    for (area, title, asks, bids, decimals) in books {
      guard let area else { continue }
      var t = title
      t.ascii = ascii
      let box = Box(title: t.text(room: area.width - 4), footer: "bars: total", ascii: ascii)
      box.render(into: &g, area: area)
      BookView(asks: asks, bids: bids, priceDecimals: decimals, ascii: ascii).render(
        into: &g, area: box.inner(area))
    }
    if let trades = layout.trades {
      let box = Box(title: "Trades", ascii: ascii)
      box.render(into: &g, area: trades)
      TapeView(trades: Fixtures.trades, priceDecimals: 1, nowMs: Fixtures.noon + 1_000)
        .render(into: &g, area: box.inner(trades))
    }
    if let chart = layout.chart {
      let box = Box(title: "Price 1m", ascii: ascii)
      box.render(into: &g, area: chart)
      Sparkline(buckets: Fixtures.buckets, priceDecimals: 1, ascii: ascii).render(
        into: &g, area: box.inner(chart))
    }
    StatusLine(
      connection: ConnectionBadge(.live), messagesPerSecond: 42, dataAgeMs: 120, pingMs: 18,
      hints: StatusLineTests.hints, ascii: ascii
    ).render(into: &g, area: layout.status)
    return g
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func twoBooksSideBySide(width: Int, height: Int) {
    let g = Self.screen(width: width, height: height)
    #expect(!g.text.contains(Snapshot.sentinel))
    // Every price of both books whole on its row: none cut at the narrow width.
    for level in Fixtures.asks + Fixtures.bids {
      #expect(g.text.contains(NumberFormat.price(level.price, decimals: 1)), "\(level.price)")
      #expect(g.text.contains(NumberFormat.price(level.price / 20, decimals: 3)), "\(level.price / 20)")
    }
    Snapshot.expect(g, named: "split-\(width)x\(height)")
  }

  @Test func twoBooksInASCII() {
    let g = Self.screen(width: 80, height: 24, ascii: true)
    #expect(g.cells.allSatisfy { $0.character.isASCII })
    Snapshot.expect(g, named: "split-80x24-ascii")
  }

  @Test func aTinyTerminalSaysSoInTheSplitViewToo() {
    #expect(Layout.compute(width: 59, height: 16, zoom: nil, split: true) == nil)
    let g = Self.screen(width: 59, height: 16)
    #expect(g.text.contains("terminal too small"))
  }
}
