import Config
import XCTest

final class KeyLocatorTests: XCTestCase {
  func testKeysTablesArraysAndStrings() {
    let text = """
      # a comment with fps = 1
      symbol = "XBT = USD"
      note = \"\"\"
      fps = 99
      \"\"\"
      fps = 30
      [theme]
        "bid" = "red"
      [[alerts]]
      above = 1
      [[alerts]]
      'above' = 2
      [keys]
      quit.x = "q"
      """
    let l = KeyLocator(text)
    XCTAssertEqual(l.position(table: "", key: "symbol"), SourcePosition(line: 2, column: 1))
    XCTAssertEqual(l.position(table: "", key: "symbol", value: true), SourcePosition(line: 2, column: 10))
    // Not the `fps` inside the multi-line string, nor the comment's.
    XCTAssertEqual(l.position(table: "", key: "fps"), SourcePosition(line: 6, column: 1))
    XCTAssertEqual(l.position(table: "theme", key: "bid"), SourcePosition(line: 8, column: 3))
    XCTAssertEqual(l.position(table: "alerts", index: 0, key: "above"), SourcePosition(line: 10, column: 1))
    XCTAssertEqual(l.position(table: "alerts", index: 1, key: "above"), SourcePosition(line: 12, column: 1))
    XCTAssertEqual(l.position(table: "keys", key: "quit.x"), SourcePosition(line: 14, column: 1))
    // A missing key: its table's header; a missing table: line 1.
    XCTAssertEqual(l.position(table: "alerts", index: 1, key: "below"), SourcePosition(line: 11, column: 1))
    XCTAssertEqual(l.position(table: "nothing", key: "x"), SourcePosition(line: 1, column: 1))
  }

  func testDottedKeysAtTheTop() {
    let l = KeyLocator("a = 1\ntheme.bid = 3\n")
    XCTAssertEqual(l.position(table: "theme", key: "bid"), SourcePosition(line: 2, column: 1))
    XCTAssertEqual(l.position(table: "theme", key: "bid", value: true), SourcePosition(line: 2, column: 13))
  }

  /// A value error in a dotted top-level table is placed at its key, through the loader.
  func testLoaderPlacesDottedKeys() {
    guard case .failure(let e) = ConfigLoader.load("fps = 30\ntheme.bid = \"nope\"\n", file: "f") else {
      return XCTFail("loaded")
    }
    XCTAssertEqual(e.position, SourcePosition(line: 2, column: 13))
  }
}
