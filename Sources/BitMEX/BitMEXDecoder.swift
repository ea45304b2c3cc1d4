import MarketModel
import VenueCore

/// Turns the bytes of one BitMEX WebSocket text message into `MarketEvent`s.
///
/// Events and their rows are appended to a `MarketBatch`. A message that fails to decode
/// throws a `DecodeError` and leaves the batch exactly as it was: never half a message.
/// Both wire eras are accepted (rows without `price` on update/delete before 2023;
/// arbitrary ids with `price` everywhere since). Unknown fields and tables are skipped,
/// numbers may be written `8000.0` or `1e-8`, and every non-key field may be missing or
/// `null`.
public struct BitMEXDecoder: Sendable {
  /// The last symbol read and its quoted bytes as a pattern: rows repeat their symbol,
  /// and a word compare beats scanning and packing it again.
  var lastSymbol = Symbol.empty
  var lastSymbolPattern = BytePattern(low: 0, high: 0, lowMask: 0, highMask: 0, count: 0)
  /// The id → price maps of the books this decoder has seen partials of: each book message is
  /// handed on as price-keyed levels (`BookMessage.levels`), which the one book engine takes.
  public private(set) var bookIDs = BitMEXBookIDs()
  /// Whether book messages are mapped as they are decoded (`bookIDs`). Off where frames of one
  /// stream are decoded by more than one decoder (a replay whose draining thread decodes a share):
  /// there the one thread that applies them maps them all, in order, with one `BitMEXBookIDs`.
  public var mapsBooks: Bool
  /// The batch's count of skipped rows when the message being decoded began, and the last
  /// skipped row's words before that message's first (`noteSkippedRow`).
  private var messageSkippedRows = 0
  private var lastSkippedRowBefore: String?

  public init(mapsBooks: Bool = true) {
    self.mapsBooks = mapsBooks
  }

  /// Decodes one message given as bytes.
  public mutating func decode(
    _ bytes: UnsafeRawBufferPointer, into batch: inout MarketBatch
  )
    throws(DecodeError)
  {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw DecodeError("empty message", at: 0)
    }
    let scanner = JSONScanner(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    let mark = batch.mark
    messageSkippedRows = batch.skippedRows
    do {
      try decodeMessage(scanner, mark: mark, into: &batch)
    } catch {
      rollBack(&batch, to: mark)
      throw error
    }
  }

  /// Takes back everything this message added to `batch`: its events and rows, and its skipped
  /// rows (a row skipped in it named itself last: the one named before is the last again).
  mutating func rollBack(_ batch: inout MarketBatch, to mark: MarketBatch.Mark) {
    let skipped = batch.skippedRows != messageSkippedRows
    batch.rollBack(to: mark)
    if skipped { batch.lastSkippedRow = lastSkippedRowBefore }
  }

  /// Counts a row skipped as malformed in the message being decoded and names it as the last,
  /// keeping the one named before this message's first (put back if the message fails). Kept
  /// only here, not at every message: a String copied and dropped with every frame cost 3 % of
  /// a replay.
  mutating func noteSkippedRow(_ words: String, in batch: inout MarketBatch) {
    if batch.skippedRows == messageSkippedRows { lastSkippedRowBefore = batch.lastSkippedRow }
    batch.skippedRows += 1
    batch.lastSkippedRow = words
  }

  /// Decodes one message given as an array of bytes.
  public mutating func decode(_ bytes: [UInt8], into batch: inout MarketBatch) throws(DecodeError) {
    let result: Result<Void, DecodeError> = bytes.withUnsafeBytes { raw in
      do throws(DecodeError) {
        try decode(raw, into: &batch)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  /// Decodes one message given as text.
  public mutating func decode(_ text: String, into batch: inout MarketBatch) throws(DecodeError) {
    var text = text
    let result: Result<Void, DecodeError> = text.withUTF8 { buf in
      do throws(DecodeError) {
        try decode(UnsafeRawBufferPointer(buf), into: &batch)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  // MARK: The envelope

  mutating func decodeMessage(
    _ scanner: JSONScanner, mark: MarketBatch.Mark, into batch: inout MarketBatch
  )
    throws(DecodeError)
  {
    var s = scanner
    s.skipSpace()
    if isBarePong(s) {
      batch.events.append(.pong)
      return
    }
    if try decodeUsualDelta(s, mark: mark, into: &batch) { return }
    try s.beginObject()

    var table: TableKind?
    var tableName = JSONScanner.RawString(start: 0, count: 0, hasEscapes: false)
    var action: TableAction?
    var dataAt: Int?
    var parsedData: Range<Int>?
    var filterSymbol: Symbol?
    var info: String?
    var success: Bool?
    var subscribe: String?
    var unsubscribe: String?
    var status: Int?
    var errorText: String?
    var retryAfter: Double?
    var requestArgs: [String] = []

    var first = true
    while try s.advanceToKey(first: &first) {
      switch try s.readKey(EnvelopeKey.spelled) {
      case .table?:
        let (word, raw) = try s.readWord(TableKind.spelled)
        if let raw { tableName = raw }
        table = word ?? raw.map { TableKind.named($0, in: s) }
      case .action?:
        guard let a = try s.readWord(TableAction.spelled).word else { throw s.fail("unknown action") }
        action = a
      case .data?:
        if let table, let action {
          parsedData = try decodeRows(table, action, &s, filterSymbol: filterSymbol, into: &batch)
        } else {
          // `data` before `table`/`action`: remember where it is and read it afterwards.
          dataAt = s.pos
          try s.skipValue()
        }
      case .filter?: filterSymbol = try readFilterSymbol(&s)
      case .info?: info = try s.consumeNull() ? nil : s.readString()
      case .success?: success = try s.readBool()
      case .subscribe?: subscribe = try readTopic(&s)
      case .unsubscribe?: unsubscribe = try readTopic(&s)
      case .status?: status = try s.consumeNull() ? nil : Int(s.readInt64())
      case .error?: errorText = try readErrorText(&s)
      case .meta?: retryAfter = try readRetryAfter(&s)
      case .request?: requestArgs = try readRequestArgs(&s)
      case nil: try s.skipValue()
      }
    }
    s.skipSpace()
    guard s.atEnd else { throw s.fail("unexpected bytes after the message") }

    if let table {
      guard let action else { throw s.fail("table message without an action") }
      var rows = parsedData
      if rows == nil {
        guard let dataAt else { throw s.fail("table message without data") }
        var d = s
        d.pos = dataAt
        rows = try decodeRows(table, action, &d, filterSymbol: filterSymbol, into: &batch)
      }
      if case .book(let book) = table, mapsBooks {
        bookIDs.append(book, action, filterSymbol: filterSymbol, rows: rows!, into: &batch)
      } else {
        batch.events.append(event(table, action, filterSymbol, rows!, name: tableName, in: s))
      }
      if action == .partial { batch.partialsDecoded &+= 1 }
    } else if status != nil || errorText != nil {
      if success == false, let subscribe {
        batch.events.append(.subscribeFailed(topic: subscribe, reason: errorText ?? "subscription refused"))
      } else {
        let error = ServerError(
          status: status, message: errorText ?? "error \(status ?? 0)", retryAfter: retryAfter,
          requestArgs: requestArgs)
        batch.events.append(.serverError(error))
      }
    } else if success == true, let subscribe {
      batch.events.append(.subscribed(topic: subscribe))
    } else if success == true, let unsubscribe {
      batch.events.append(.unsubscribed(topic: unsubscribe))
    } else if success == false, let topic = subscribe ?? unsubscribe {
      batch.events.append(.subscribeFailed(topic: topic, reason: "subscription refused"))
    } else if let info {
      batch.events.append(.welcome(info: info))
    } else {
      batch.events.append(.unrecognized)
    }
  }

  /// The fast path for the shape nearly every message has,
  /// `{"table":"…","action":"update|insert|delete","data":[…]}` spelled without white space,
  /// without the general envelope's many optional fields. Returns false (having added
  /// nothing) when the message has any other shape, and the general path reads it from the
  /// start.
  mutating func decodeUsualDelta(
    _ start: JSONScanner, mark: MarketBatch.Mark, into batch: inout MarketBatch
  )
    throws(DecodeError) -> Bool
  {
    var s = start
    guard s.take(Wire.openTable), let table = TableKind.spelled(by: { s.take($0) }),
      s.take(Wire.commaAction), let action = TableAction.spelled(by: { s.take($0) }),
      s.take(Wire.commaData)
    else { return false }
    // `mark` is the batch as the message found it: nothing has been added yet.
    let rows = try decodeRows(table, action, &s, filterSymbol: nil, into: &batch)
    s.skipSpace()
    guard s.peek() == UInt8(ascii: "}") else {
      rollBack(&batch, to: mark)
      return false
    }
    s.pos += 1
    s.skipSpace()
    guard s.atEnd else { throw s.fail("unexpected bytes after the message") }
    if case .book(let book) = table, mapsBooks {
      bookIDs.append(book, action, filterSymbol: nil, rows: rows, into: &batch)
    } else {
      let name = JSONScanner.RawString(start: 0, count: 0, hasEscapes: false)
      batch.events.append(event(table, action, nil, rows, name: name, in: s))
    }
    if action == .partial { batch.partialsDecoded &+= 1 }
    return true
  }

  func isBarePong(_ s: JSONScanner) -> Bool {
    // Only a few bytes can be "pong" plus white space.
    guard s.count - s.pos <= 16 else { return false }
    var end = s.count
    while end > s.pos, s.base[end - 1] <= 0x20 { end -= 1 }
    guard end - s.pos == 4 else { return false }
    let p = s.base + s.pos
    return p[0] == UInt8(ascii: "p") && p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n")
      && p[3] == UInt8(ascii: "g")
  }

  func event(
    _ table: TableKind, _ action: TableAction, _ filterSymbol: Symbol?, _ rows: Range<Int>,
    name: JSONScanner.RawString, in s: JSONScanner
  ) -> MarketEvent {
    let slice = TableSlice(action: action, filterSymbol: filterSymbol, rows: rows)
    switch table {
    case .book(let book):
      return .book(BookMessage(table: book, action: action, filterSymbol: filterSymbol, rows: rows))
    case .orderBook10: return .book10(slice)
    case .trade: return .trades(slice)
    case .quote: return .quotes(slice)
    case .instrument: return .instrument(slice)
    case .tradeBin1m: return .bins(slice)
    case .liquidation: return .liquidations(slice)
    case .other: return .ignoredTable(name: s.string(name))
    }
  }

  // MARK: Rows

  mutating func decodeRows(
    _ table: TableKind, _ action: TableAction, _ s: inout JSONScanner, filterSymbol: Symbol?,
    into batch: inout MarketBatch
  ) throws(DecodeError) -> Range<Int> {
    switch table {
    case .book:
      // The hot path: a plain loop, no closure capturing the decoder.
      let start = batch.bookRows.count
      s.skipSpace()
      guard s.peek() == UInt8(ascii: "[") else { throw s.fail("data is not an array") }
      // A big image: make room once rather than growing by doubling (rows are ≥ 60 bytes).
      let expected = (s.count - s.pos) / 64
      if expected > 256 { batch.bookRows.reserveCapacity(start + expected) }
      try s.beginArray()
      var first = true
      while try s.nextElement(first: &first) {
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("a row is not an object") }
        if let usual = usualBookRow(s, action) {
          batch.bookRows.append(usual.row)
          s.pos = usual.end
        } else {
          batch.bookRows.append(try decodeBookRow(&s, action))
        }
      }
      return start..<batch.bookRows.count
    case .trade:
      let start = batch.trades.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        if let usual = usualTrade(s) {
          batch.trades.append(usual.trade)
          s.pos = usual.end
        } else {
          batch.trades.append(try decodeTrade(&s))
        }
      }
      return start..<batch.trades.count
    case .quote:
      let start = batch.quotes.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.quotes.append(try decodeQuote(&s))
      }
      return start..<batch.quotes.count
    case .instrument:
      // Each instrument row stands alone (the all-symbols partial holds every instrument in one
      // message): a malformed row is skipped and counted, the others kept.
      let start = batch.instruments.count
      var index = 0
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        try decodeInstrumentRow(&s, index: index, into: &batch)
        index += 1
      }
      return start..<batch.instruments.count
    case .tradeBin1m:
      let start = batch.bins.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.bins.append(try decodeTradeBin(&s))
      }
      return start..<batch.bins.count
    case .liquidation:
      let start = batch.liquidations.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.liquidations.append(try decodeLiquidation(&s))
      }
      return start..<batch.liquidations.count
    case .orderBook10:
      let start = batch.book10.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.book10.append(try decodeBook10(&s, levels: &batch.levels))
      }
      return start..<batch.book10.count
    case .other:
      s.skipSpace()
      guard s.peek() == UInt8(ascii: "[") else { throw s.fail("data is not an array") }
      try s.skipValue()
      return 0..<0
    }
  }

  /// Calls `body` once per element of the `data` array, positioned on the element.
  @inline(__always)
  func forEachRow(
    _ s: inout JSONScanner, _ body: (inout JSONScanner) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    s.skipSpace()
    guard s.peek() == UInt8(ascii: "[") else { throw s.fail("data is not an array") }
    try s.beginArray()
    var first = true
    while try s.nextElement(first: &first) {
      guard s.peek() == UInt8(ascii: "{") else { throw s.fail("a row is not an object") }
      try body(&s)
    }
  }

  /// Reads a row that must have a `timestamp` and a `symbol`, and whose other keys `field`
  /// reads (returning false, having read nothing, for a key it does not know: its value is
  /// skipped). `what` names the row in the error.
  mutating func decodeTimedRow(
    _ s: inout JSONScanner, _ what: String,
    field: (inout BitMEXDecoder, JSONScanner.RawString, inout JSONScanner) throws(DecodeError) -> Bool
  ) throws(DecodeError) -> (timeMs: Int64, symbol: Symbol) {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if try !field(&self, key, &s) {
        try s.skipValue()
      }
    }
    guard let time, let symbol else {
      throw DecodeError("\(what) row without timestamp or symbol", at: rowStart)
    }
    return (time, symbol)
  }

  /// The keys of the envelope, in the order BitMEX sends them (see `JSONScanner.readKey`).
  enum EnvelopeKey {
    case table, action, data, filter, info, success, subscribe, unsubscribe, status, error, meta, request

    @inline(__always)
    static func spelled(by matches: (BytePattern) -> Bool) -> EnvelopeKey? {
      if matches(Wire.table) { return .table }
      if matches(Wire.action) { return .action }
      if matches(Wire.data) { return .data }
      if matches(Wire.filter) { return .filter }
      if matches(Wire.info) { return .info }
      if matches(Wire.success) { return .success }
      if matches(Wire.subscribe) { return .subscribe }
      if matches(Wire.unsubscribe) { return .unsubscribe }
      if matches(Wire.status) { return .status }
      if matches(Wire.error) { return .error }
      if matches(Wire.meta) { return .meta }
      if matches(Wire.request) { return .request }
      return nil
    }
  }
}
