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
  /// A 1 MB config of unknown keys is placed in linear time: each key (each warning) is found
  /// by a lookup, where the locator searched every key for each one (the 35 s of such a file).
  /// A quadratic step here would take many minutes, far past the generous guard.
  func testAMegabyteOfKeysIsPlacedInLinearTime() throws {
    var text = ""
    var n = 0
    while text.utf8.count < 1 << 20 {
      n += 1
      text += "unknown-key-\(n) = \(n)\n"
    }
    let clock = ContinuousClock()
    let start = clock.now
    let locator = KeyLocator(text)
    var misplaced = 0
    for key in 1...n
    where locator.position(table: "", key: "unknown-key-\(key)") != SourcePosition(line: key, column: 1) {
      misplaced += 1
    }
    XCTAssertEqual(misplaced, 0)
    XCTAssertLessThan(clock.now - start, .seconds(60), "a guard against a quadratic search, not a timing")
  }
}
