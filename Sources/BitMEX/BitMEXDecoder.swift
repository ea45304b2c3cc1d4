import MarketModel

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
  private var lastSymbol = Symbol.empty
  private var lastSymbolPattern = BytePattern(low: 0, high: 0, lowMask: 0, highMask: 0, count: 0)

  public init() {}

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
    do {
      try decodeMessage(scanner, mark: mark, into: &batch)
    } catch {
      batch.rollBack(to: mark)
      throw error
    }
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

  private mutating func decodeMessage(
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
      // The usual envelope, `{"table":"…","action":"…","data":[…]}`, by pattern.
      if s.take(Wire.table) {
        if s.take(Wire.orderBookTop25) {
          table = .book(.top25)
        } else if s.take(Wire.trade) {
          table = .trade
        } else {
          tableName = try s.readRawString()
          table = TableKind(tableName, in: s)
        }
        continue
      }
      if s.take(Wire.action) {
        if s.take(Wire.update) {
          action = .update
        } else if s.take(Wire.insert) {
          action = .insert
        } else if s.take(Wire.delete) {
          action = .delete
        } else {
          let raw = try s.readRawString()
          guard let a = Self.action(raw, in: s) else { throw s.fail("unknown action") }
          action = a
        }
        continue
      }
      let generic = s.take(Wire.data) ? nil : try s.readKey()
      guard let key = generic else {
        if let table, let action {
          parsedData = try decodeRows(table, action, &s, filterSymbol: filterSymbol, into: &batch)
        } else {
          // `data` before `table`/`action`: remember where it is and read it afterwards.
          dataAt = s.pos
          try s.skipValue()
        }
        continue
      }
      if s.equals(key, "table") {
        tableName = try s.readRawString()
        table = TableKind(tableName, in: s)
      } else if s.equals(key, "action") {
        let raw = try s.readRawString()
        guard let a = Self.action(raw, in: s) else { throw s.fail("unknown action") }
        action = a
      } else if s.equals(key, "data") {
        if let table, let action {
          parsedData = try decodeRows(table, action, &s, filterSymbol: filterSymbol, into: &batch)
        } else {
          // `data` before `table`/`action`: remember where it is and read it afterwards.
          dataAt = s.pos
          try s.skipValue()
        }
      } else if s.equals(key, "filter") {
        filterSymbol = try readFilterSymbol(&s)
      } else if s.equals(key, "info") {
        info = try s.consumeNull() ? nil : s.readString()
      } else if s.equals(key, "success") {
        success = try s.readBool()
      } else if s.equals(key, "subscribe") {
        subscribe = try readTopic(&s)
      } else if s.equals(key, "unsubscribe") {
        unsubscribe = try readTopic(&s)
      } else if s.equals(key, "status") {
        status = try s.consumeNull() ? nil : Int(s.readInt64())
      } else if s.equals(key, "error") {
        errorText = try readErrorText(&s)
      } else if s.equals(key, "meta") {
        retryAfter = try readRetryAfter(&s)
      } else if s.equals(key, "request") {
        requestArgs = try readRequestArgs(&s)
      } else {
        try s.skipValue()
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
      batch.events.append(event(table, action, filterSymbol, rows!, name: tableName, in: s))
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
  /// `{"table":"…","action":"update|insert|delete","data":[…]}`, without the general
  /// envelope's many optional fields. Returns false (having added nothing) when the
  /// message has any other shape, and the general path reads it from the start.
  private mutating func decodeUsualDelta(
    _ start: JSONScanner, mark: MarketBatch.Mark, into batch: inout MarketBatch
  )
    throws(DecodeError) -> Bool
  {
    var s = start
    guard s.take(Wire.openTable) else { return false }
    let table: TableKind
    if s.take(Wire.orderBookTop25) {
      table = .book(.top25)
    } else if s.take(Wire.trade) {
      table = .trade
    } else if s.take(Wire.orderBookL2) {
      table = .book(.full)
    } else if s.take(Wire.quote) {
      table = .quote
    } else if s.take(Wire.instrument) {
      table = .instrument
    } else {
      return false
    }
    guard s.take(Wire.commaAction) else { return false }
    let action: TableAction
    if s.take(Wire.update) {
      action = .update
    } else if s.take(Wire.insert) {
      action = .insert
    } else if s.take(Wire.delete) {
      action = .delete
    } else {
      return false
    }
    guard s.take(Wire.commaData) else { return false }
    // `mark` is the batch as the message found it: nothing has been added yet.
    let rows = try decodeRows(table, action, &s, filterSymbol: nil, into: &batch)
    s.skipSpace()
    guard s.peek() == UInt8(ascii: "}") else {
      batch.rollBack(to: mark)
      return false
    }
    s.pos += 1
    s.skipSpace()
    guard s.atEnd else { throw s.fail("unexpected bytes after the message") }
    let name = JSONScanner.RawString(start: 0, count: 0, hasEscapes: false)
    batch.events.append(event(table, action, nil, rows, name: name, in: s))
    return true
  }

  private func isBarePong(_ s: JSONScanner) -> Bool {
    // Only a few bytes can be "pong" plus white space.
    guard s.count - s.pos <= 16 else { return false }
    var end = s.count
    while end > s.pos, s.base[end - 1] <= 0x20 { end -= 1 }
    guard end - s.pos == 4 else { return false }
    let p = s.base + s.pos
    return p[0] == UInt8(ascii: "p") && p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n")
      && p[3] == UInt8(ascii: "g")
  }

  private func event(
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
    case .tradeBin1m: return .tradeBins(slice)
    case .other: return .ignoredTable(name: s.string(name))
    }
  }

  private static func action(_ raw: JSONScanner.RawString, in s: JSONScanner) -> TableAction? {
    if s.equals(raw, "update") { return .update }
    if s.equals(raw, "insert") { return .insert }
    if s.equals(raw, "delete") { return .delete }
    if s.equals(raw, "partial") { return .partial }
    return nil
  }

  private func readTopic(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    if s.consumeNull() { return nil }
    return try s.readString()
  }

  private mutating func readFilterSymbol(_ s: inout JSONScanner) throws(DecodeError) -> Symbol? {
    if s.consumeNull() { return nil }
    try s.beginObject()
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else {
        try s.skipValue()
      }
    }
    return symbol
  }

  /// `error` is a string on WebSocket frames and `{"message":…,"name":…}` in REST bodies.
  func readErrorText(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    if s.consumeNull() { return nil }
    s.skipSpace()
    if s.peek() == UInt8(ascii: "{") {
      try s.beginObject()
      var message: String?
      var first = true
      while let key = try s.nextKey(first: &first) {
        if s.equals(key, "message"), !s.consumeNull() {
          message = try s.readString()
        } else {
          try s.skipValue()
        }
      }
      return message ?? "unknown error"
    }
    return try s.readString()
  }

  private func readRetryAfter(_ s: inout JSONScanner) throws(DecodeError) -> Double? {
    if s.consumeNull() { return nil }
    try s.beginObject()
    var value: Double?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "retryAfter"), !s.consumeNull() {
        value = try s.readDouble()
      } else {
        try s.skipValue()
      }
    }
    return value
  }

  /// `request.args` may be one string or an array of them.
  private func readRequestArgs(_ s: inout JSONScanner) throws(DecodeError) -> [String] {
    if s.consumeNull() { return [] }
    try s.beginObject()
    var args: [String] = []
    var first = true
    while let key = try s.nextKey(first: &first) {
      guard s.equals(key, "args") else {
        try s.skipValue()
        continue
      }
      s.skipSpace()
      switch s.peek() {
      case UInt8(ascii: "\""):
        args = [try s.readString()]
      case UInt8(ascii: "["):
        try s.beginArray()
        var firstElement = true
        while try s.nextElement(first: &firstElement) {
          if s.peek() == UInt8(ascii: "\"") { args.append(try s.readString()) } else { try s.skipValue() }
        }
      default:
        try s.skipValue()
      }
    }
    return args
  }

  // MARK: Rows

  private mutating func decodeRows(
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
        batch.bookRows.append(try decodeBookRow(&s, action))
      }
      return start..<batch.bookRows.count
    case .trade:
      let start = batch.trades.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.trades.append(try decodeTrade(&s))
      }
      return start..<batch.trades.count
    case .quote:
      let start = batch.quotes.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.quotes.append(try decodeQuote(&s))
      }
      return start..<batch.quotes.count
    case .instrument:
      let start = batch.instruments.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.instruments.append(try decodeInstrument(&s))
      }
      return start..<batch.instruments.count
    case .tradeBin1m:
      let start = batch.tradeBins.count
      try forEachRow(&s) { (s: inout JSONScanner) throws(DecodeError) in
        batch.tradeBins.append(try decodeTradeBin(&s))
      }
      return start..<batch.tradeBins.count
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
  private func forEachRow(
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

  @inline(__always)
  private mutating func decodeBookRow(
    _ s: inout JSONScanner, _ action: TableAction
  )
    throws(DecodeError) -> BookRow
  {
    let rowStart = s.pos
    try s.beginObject()
    var symbol: Symbol?
    var id: Int64?
    var side: Side?
    var size: Int64?
    var price: Double?
    var first = true
    while try s.advanceToKey(first: &first) {
      // The usual keys by pattern, in the order BitMEX sends them.
      if s.take(Wire.symbol) {
        symbol = try readSymbol(&s)
        continue
      }
      if s.take(Wire.id) {
        id = try s.readInt64()
        continue
      }
      if s.take(Wire.side) {
        side = try readSide(&s)
        continue
      }
      if s.take(Wire.size) {
        size = s.consumeNull() ? nil : try s.readInt64()
        continue
      }
      if s.take(Wire.price) {
        price = s.consumeNull() ? nil : try s.readDouble()
        continue
      }
      if s.take(Wire.timestamp) || s.take(Wire.transactTime) {
        // A string as a rule: read it directly rather than through the general skip.
        if s.peek() == UInt8(ascii: "\"") { _ = try s.readRawString() } else { try s.skipValue() }
        continue
      }
      let key = try s.readKey()
      switch key.count {
      case 2 where s.equals(key, "id"):
        id = try s.readInt64()
      case 4 where s.equals(key, "side"):
        side = try readSide(&s)
      case 4 where s.equals(key, "size"):
        size = s.consumeNull() ? nil : try s.readInt64()
      case 5 where s.equals(key, "price"):
        price = s.consumeNull() ? nil : try s.readDouble()
      case 6 where s.equals(key, "symbol"):
        symbol = try readSymbol(&s)
      default:
        try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("order-book row without symbol", at: rowStart) }
    guard let id else { throw DecodeError("order-book row without id", at: rowStart) }
    guard let side else { throw DecodeError("order-book row without side", at: rowStart) }
    switch action {
    case .partial, .insert:
      guard price != nil, size != nil else {
        throw DecodeError("order-book \(action) row without price or size", at: rowStart)
      }
    case .update:
      guard size != nil else { throw DecodeError("order-book update row without size", at: rowStart) }
    case .delete:
      break
    }
    if let size, size < 0 { throw DecodeError("negative size", at: rowStart) }
    if let price, !price.isFinite { throw DecodeError("price out of range", at: rowStart) }
    return BookRow(symbol: symbol, id: id, side: side, size: size, price: price)
  }

  private func readSide(_ s: inout JSONScanner) throws(DecodeError) -> Side? {
    if s.take(Wire.buy) { return .buy }
    if s.take(Wire.sell) { return .sell }
    if s.consumeNull() { return nil }
    s.skipSpace()
    let raw = try s.readRawString()
    if s.equals(raw, "Buy") { return .buy }
    if s.equals(raw, "Sell") { return .sell }
    if raw.count == 0 { return nil }
    throw s.fail("side is neither Buy nor Sell")
  }

  private mutating func readSymbol(_ s: inout JSONScanner) throws(DecodeError) -> Symbol? {
    if lastSymbolPattern.count > 0, s.take(lastSymbolPattern) { return lastSymbol }
    if s.consumeNull() { return nil }
    s.skipSpace()
    let at = s.pos
    let raw = try s.readRawString()
    let symbol: Symbol?
    if raw.hasEscapes {
      symbol = Symbol(s.string(raw))
    } else {
      symbol = Symbol(utf8: UnsafeBufferPointer(start: s.base + raw.start, count: raw.count))
    }
    guard let symbol else { throw DecodeError("symbol longer than \(Symbol.maxLength) bytes", at: at) }
    if !raw.hasEscapes, raw.count <= 14 {
      lastSymbol = symbol
      lastSymbolPattern = BytePattern(
        UnsafeBufferPointer(start: s.base + raw.start - 1, count: raw.count + 2))
    }
    return symbol
  }

  private func readTime(_ s: inout JSONScanner) throws(DecodeError) -> Int64? {
    if s.consumeNull() { return nil }
    s.skipSpace()
    let raw = try s.readRawString()
    guard !raw.hasEscapes, let ms = ISOTime.parseMillis(s.base + raw.start, count: raw.count) else {
      throw DecodeError("bad timestamp", at: raw.start)
    }
    return ms
  }

  private func readOptionalDouble(_ s: inout JSONScanner) throws(DecodeError) -> Double? {
    s.consumeNull() ? nil : try s.readDouble()
  }

  private func readOptionalInt(_ s: inout JSONScanner) throws(DecodeError) -> Int64? {
    s.consumeNull() ? nil : try s.readInt64()
  }

  private func readOptionalString(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    s.consumeNull() ? nil : try s.readString()
  }

  private func readTickDirection(_ s: inout JSONScanner) throws(DecodeError) -> TickDirection? {
    if s.take(Wire.zeroPlusTick) { return .zeroPlusTick }
    if s.take(Wire.zeroMinusTick) { return .zeroMinusTick }
    if s.take(Wire.plusTick) { return .plusTick }
    if s.take(Wire.minusTick) { return .minusTick }
    if s.consumeNull() { return nil }
    s.skipSpace()
    let raw = try s.readRawString()
    if s.equals(raw, "PlusTick") { return .plusTick }
    if s.equals(raw, "ZeroPlusTick") { return .zeroPlusTick }
    if s.equals(raw, "MinusTick") { return .minusTick }
    if s.equals(raw, "ZeroMinusTick") { return .zeroMinusTick }
    return nil
  }

  /// A `trdMatchID` GUID as 128 bits; a non-GUID id is hashed so it still de-duplicates.
  private func readMatchID(_ s: inout JSONScanner) throws(DecodeError) -> MatchID {
    if s.consumeNull() { return .none }
    s.skipSpace()
    let raw = try s.readRawString()
    return Self.matchID(s.base + raw.start, count: raw.count, hasEscapes: raw.hasEscapes)
  }

  /// The id spelled by a raw `trdMatchID` string.
  static func matchID(_ p: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> MatchID {
    if count == 36, !hasEscapes, let id = FixedLayouts.guid(p) { return id }
    return matchIDGeneral(p, count: count, hasEscapes: hasEscapes)
  }

  /// `matchID` a byte at a time: dashes anywhere, any 32 hex digits, else a hash.
  static func matchIDGeneral(_ p: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> MatchID {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var nibbles = 0
    var valid = !hasEscapes
    var i = 0
    while valid, i < count {
      let c = p[i]
      i += 1
      if c == UInt8(ascii: "-") { continue }
      guard let v = JSONScanner.hexValue(c), nibbles < 32 else {
        valid = false
        break
      }
      high = high << 4 | low >> 60
      low = low << 4 | UInt64(v)
      nibbles += 1
    }
    if valid, nibbles == 32 { return MatchID(high: high, low: low) }
    // FNV-1a over the raw bytes, tagged so it cannot collide with the all-zero id.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for k in 0..<count {
      hash = (hash ^ UInt64(p[k])) &* 0x100_0000_01b3
    }
    return MatchID(high: 1, low: hash)
  }

  mutating func decodeTrade(_ s: inout JSONScanner) throws(DecodeError) -> Trade {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var side: Side?
    var size: Int64?
    var price: Double?
    var tick: TickDirection?
    var matchID = MatchID.none
    var first = true
    while try s.advanceToKey(first: &first) {
      // The usual keys by pattern, in the order BitMEX sends them.
      if s.take(Wire.timestamp) {
        time = try readTime(&s)
        continue
      }
      if s.take(Wire.symbol) {
        symbol = try readSymbol(&s)
        continue
      }
      if s.take(Wire.side) {
        side = try readSide(&s)
        continue
      }
      if s.take(Wire.size) {
        size = try readOptionalInt(&s)
        continue
      }
      if s.take(Wire.price) {
        price = try readOptionalDouble(&s)
        continue
      }
      if s.take(Wire.tickDirection) {
        tick = try readTickDirection(&s)
        continue
      }
      if s.take(Wire.trdMatchID) {
        matchID = try readMatchID(&s)
        continue
      }
      if s.take(Wire.grossValue) || s.take(Wire.homeNotional) || s.take(Wire.trdType) {
        try s.skipValue()
        continue
      }
      let key = try s.readKey()
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "side") {
        side = try readSide(&s)
      } else if s.equals(key, "size") {
        size = try readOptionalInt(&s)
      } else if s.equals(key, "price") {
        price = try readOptionalDouble(&s)
      } else if s.equals(key, "tickDirection") {
        tick = try readTickDirection(&s)
      } else if s.equals(key, "trdMatchID") {
        matchID = try readMatchID(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol, let price else {
      throw DecodeError("trade row without timestamp, symbol or price", at: rowStart)
    }
    return Trade(
      timeMs: time, symbol: symbol, side: side, size: size ?? 0, price: price, tickDirection: tick,
      matchID: matchID)
  }

  private mutating func decodeQuote(_ s: inout JSONScanner) throws(DecodeError) -> Quote {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var quote = Quote(timeMs: 0, symbol: .empty)
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "bidPrice") {
        quote.bidPrice = try readOptionalDouble(&s)
      } else if s.equals(key, "bidSize") {
        quote.bidSize = try readOptionalInt(&s)
      } else if s.equals(key, "askPrice") {
        quote.askPrice = try readOptionalDouble(&s)
      } else if s.equals(key, "askSize") {
        quote.askSize = try readOptionalInt(&s)
      } else if s.equals(key, "pool") {
        quote.pool = try readOptionalString(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol else {
      throw DecodeError("quote row without timestamp or symbol", at: rowStart)
    }
    quote.timeMs = time
    quote.symbol = symbol
    return quote
  }

  mutating func decodeTradeBin(_ s: inout JSONScanner) throws(DecodeError) -> TradeBin {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var bin = TradeBin(endMs: 0, symbol: .empty)
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "open") {
        bin.open = try readOptionalDouble(&s)
      } else if s.equals(key, "high") {
        bin.high = try readOptionalDouble(&s)
      } else if s.equals(key, "low") {
        bin.low = try readOptionalDouble(&s)
      } else if s.equals(key, "close") {
        bin.close = try readOptionalDouble(&s)
      } else if s.equals(key, "trades") {
        bin.trades = try readOptionalInt(&s)
      } else if s.equals(key, "volume") {
        bin.volume = try readOptionalInt(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol else { throw DecodeError("bin row without timestamp or symbol", at: rowStart) }
    bin.endMs = time
    bin.symbol = symbol
    return bin
  }

  private mutating func decodeBook10(
    _ s: inout JSONScanner, levels: inout [PriceLevel]
  )
    throws(DecodeError) -> Book10Row
  {
    let rowStart = s.pos
    try s.beginObject()
    var symbol: Symbol?
    var time: Int64?
    var bids = 0..<0
    var asks = 0..<0
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "bids") {
        bids = try readLevels(&s, into: &levels)
      } else if s.equals(key, "asks") {
        asks = try readLevels(&s, into: &levels)
      } else {
        try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("orderBook10 row without symbol", at: rowStart) }
    return Book10Row(symbol: symbol, timeMs: time, bids: bids, asks: asks)
  }

  /// `[[price, size], …]`.
  private func readLevels(
    _ s: inout JSONScanner, into levels: inout [PriceLevel]
  )
    throws(DecodeError) -> Range<Int>
  {
    let start = levels.count
    try s.beginArray()
    var first = true
    while try s.nextElement(first: &first) {
      try s.beginArray()
      let price = try s.readDouble()
      try s.expect(UInt8(ascii: ","), "expected [price, size]")
      let size = try s.readInt64()
      try s.expect(UInt8(ascii: "]"), "expected [price, size]")
      levels.append(PriceLevel(price: price, size: size))
    }
    return start..<levels.count
  }

  mutating func decodeInstrument(_ s: inout JSONScanner) throws(DecodeError) -> InstrumentUpdate {
    let rowStart = s.pos
    try s.beginObject()
    var u = InstrumentUpdate(symbol: .empty)
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      switch s.string(key) {
      case "symbol": symbol = try readSymbol(&s)
      case "state": u.state = try readOptionalString(&s)
      case "typ": u.typ = try readOptionalString(&s)
      case "underlying": u.underlying = try readOptionalString(&s)
      case "quoteCurrency": u.quoteCurrency = try readOptionalString(&s)
      case "settlCurrency": u.settlCurrency = try readOptionalString(&s)
      case "tickSize": u.tickSize = try readOptionalDouble(&s)
      case "lotSize": u.lotSize = try readOptionalDouble(&s)
      case "multiplier": u.multiplier = try readOptionalDouble(&s)
      case "underlyingToPositionMultiplier": u.underlyingToPositionMultiplier = try readOptionalDouble(&s)
      case "isInverse": u.isInverse = s.consumeNull() ? nil : try s.readBool()
      case "lastPrice": u.lastPrice = try readOptionalDouble(&s)
      case "lastTickDirection": u.lastTickDirection = try readTickDirection(&s)
      case "lastChangePcnt": u.lastChangePcnt = try readOptionalDouble(&s)
      case "prevPrice24h": u.prevPrice24h = try readOptionalDouble(&s)
      case "markPrice": u.markPrice = try readOptionalDouble(&s)
      case "indicativeSettlePrice": u.indicativeSettlePrice = try readOptionalDouble(&s)
      case "fundingRate": u.fundingRate = try readOptionalDouble(&s)
      case "indicativeFundingRate": u.indicativeFundingRate = try readOptionalDouble(&s)
      case "fundingTimestamp": u.fundingTimeMs = try readTime(&s)
      case "volume24h": u.volume24h = try readOptionalDouble(&s)
      case "turnover24h": u.turnover24h = try readOptionalDouble(&s)
      case "openInterest": u.openInterest = try readOptionalDouble(&s)
      case "highPrice": u.highPrice = try readOptionalDouble(&s)
      case "lowPrice": u.lowPrice = try readOptionalDouble(&s)
      case "bidPrice": u.bidPrice = try readOptionalDouble(&s)
      case "askPrice": u.askPrice = try readOptionalDouble(&s)
      case "timestamp": u.timeMs = try readTime(&s)
      default: try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("instrument row without symbol", at: rowStart) }
    u.symbol = symbol
    return u
  }
}

/// The tables the decoder knows by shape.
enum TableKind {
  case book(BookTable)
  case orderBook10
  case trade
  case quote
  case instrument
  case tradeBin1m
  case other

  init(_ raw: JSONScanner.RawString, in s: JSONScanner) {
    if s.equals(raw, "orderBookL2_25") {
      self = .book(.top25)
    } else if s.equals(raw, "orderBookL2") {
      self = .book(.full)
    } else if s.equals(raw, "trade") {
      self = .trade
    } else if s.equals(raw, "orderBookL2_100") {
      self = .book(.top100)
    } else if s.equals(raw, "quote") {
      self = .quote
    } else if s.equals(raw, "instrument") {
      self = .instrument
    } else if s.equals(raw, "orderBook10") {
      self = .orderBook10
    } else if s.equals(raw, "tradeBin1m") {
      self = .tradeBin1m
    } else {
      self = .other
    }
  }
}
