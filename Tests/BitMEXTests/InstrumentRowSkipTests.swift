import MarketModel
import Testing

@testable import BitMEX

/// One malformed instrument row must not cost the all-symbols partial (issue 24, finding 1):
/// the row is skipped, counted and named, and every other row is kept.
@Suite struct InstrumentRowSkipTests {
  static let good = #"{"symbol":"XBTUSD","lastPrice":98000.5,"timestamp":"2026-11-26T12:00:00.000Z"}"#
  static let alsoGood = #"{"symbol":"ETHUSD","lastPrice":3500,"timestamp":"2026-11-26T12:00:00.000Z"}"#

  /// The malformed rows a hostile server sent, and the words that say why each was skipped.
  static let badRows: [(row: String, name: String, reason: String)] = [
    (#"{"symbol":"XBTUSDTHISSYMBOLISFARTOOLONG","lastPrice":1}"#, "XBTUSDTHISSYMBOLISFARTOOLONG", "symbol"),
    (#"{"symbol":"BADPRICEUSD","lastPrice":"x"}"#, "BADPRICEUSD", "number"),
    (#"{"symbol":"BADTIMEUSD","timestamp":"yesterday"}"#, "BADTIMEUSD", "time"),
    (#"{"symbol":"BADSTATEUSD","state":{"open":true}}"#, "BADSTATEUSD", "string"),
    (#"{"symbol":{"x":1},"lastPrice":1}"#, "", "string"),
  ]

  @Test(arguments: badRows.indices)
  func aBadRowIsSkippedAndTheRestKept(index: Int) throws {
    let bad = Self.badRows[index]
    let message =
      #"{"table":"instrument","action":"partial","data":["# + Self.good + "," + bad.row + ","
      + Self.alsoGood + "]}"
    let batch = try decodeOne(message)
    #expect(batch.events == [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<2))])
    #expect(batch.instruments.map(\.symbol) == ["XBTUSD", "ETHUSD"])
    #expect(batch.skippedRows == 1)
    let words = try #require(batch.lastSkippedRow)
    let named = bad.name.isEmpty ? "instrument row 2: " : "instrument row 2 (\(bad.name)): "
    #expect(words.hasPrefix(named), "\(words)")
    #expect(words.contains(bad.reason), "\(words)")
  }

  /// REST `/instrument/active` (the symbol picker's list, the markets' facts) keeps the good
  /// rows of a list with a malformed one too.
  @Test func aBadRowOfTheRESTListIsSkipped() throws {
    var decoder = BitMEXDecoder()
    let body = "[" + Self.good + "," + Self.badRows[1].row + "," + Self.alsoGood + "]"
    guard case .rows(let rows) = try decoder.decodeInstruments(Array(body.utf8)) else {
      Issue.record("not rows")
      return
    }
    #expect(rows.map(\.symbol) == ["XBTUSD", "ETHUSD"])
  }

  /// A row that is not even JSON still fails the whole message (its end cannot be found).
  @Test func aRowThatIsNotJSONStillFailsTheMessage() {
    #expect(throws: DecodeError.self) {
      try decodeOne(
        #"{"table":"instrument","action":"partial","data":["# + Self.good + #",{"symbol":"X",}]}"#)
    }
  }

  /// A message that fails after skipping a row takes its count and words back with it.
  @Test func aFailedMessageTakesItsSkippedRowsBack() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode(
      #"{"table":"instrument","action":"update","data":[{"symbol":"A","lastPrice":"x"}]}"#, into: &batch)
    #expect(batch.skippedRows == 1)
    let before = batch.lastSkippedRow
    #expect(throws: DecodeError.self) {
      try decoder.decode(
        #"{"table":"instrument","action":"update","data":[{"symbol":"B","lastPrice":"y"}],"#, into: &batch)
    }
    #expect(batch.skippedRows == 1)
    #expect(batch.lastSkippedRow == before)
    batch.removeAll()
    #expect(batch.skippedRows == 0 && batch.lastSkippedRow == nil)
  }

  /// The words put back are those from before the failed message, however many rows it skipped
  /// and whichever path read it (the usual delta's, which gives up at a trailing field and
  /// leaves the message to the general one, skips its rows twice); a message that succeeds after
  /// such a second reading counts its rows once.
  @Test func theWordsPutBackAreThoseFromBeforeTheMessage() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    // Nothing skipped before: nothing named after the failed message either.
    #expect(throws: DecodeError.self) {
      try decoder.decode(
        #"{"table":"instrument","action":"update","data":[{"symbol":"B","lastPrice":"y"},{"symbol":"C","lastPrice":"z"}],"#,
        into: &batch)
    }
    #expect(batch.skippedRows == 0 && batch.lastSkippedRow == nil)
    // A message read a second time (a field after `data`) that succeeds: its rows counted once,
    // its last named.
    try decoder.decode(
      #"{"table":"instrument","action":"update","data":[{"symbol":"A","lastPrice":"x"},{"symbol":"D","lastPrice":"w"}],"x":1}"#,
      into: &batch)
    #expect(batch.skippedRows == 2)
    let before = try #require(batch.lastSkippedRow)
    #expect(before.hasPrefix("instrument row 2 (D)"), "\(before)")
    // Two rows skipped in a failed message, read twice: the words of D again.
    #expect(throws: DecodeError.self) {
      try decoder.decode(
        #"{"table":"instrument","action":"update","data":[{"symbol":"B","lastPrice":"y"},{"symbol":"C","lastPrice":"z"}],"x":"#,
        into: &batch)
    }
    #expect(batch.skippedRows == 2)
    #expect(batch.lastSkippedRow == before)
  }
}
