import MarketModel

/// `instrument` rows (and REST `/instrument` ones): every field `InstrumentFields.all` lists,
/// by its key and kind.
extension BitMEXDecoder {
  /// The fields by their keys on the wire.
  static let instrumentKeys = KeyTable(InstrumentFields.all.map { (key: $0.key, value: $0.slot) })

  mutating func decodeInstrument(_ s: inout JSONScanner) throws(DecodeError) -> InstrumentUpdate {
    let rowStart = s.pos
    try s.beginObject()
    var fields = InstrumentFields()
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if let slot = Self.instrumentField(key, in: s) {
        try read(slot, into: &fields, &s)
      } else if s.equals(key, "symbol") || (key.hasEscapes && s.string(key) == "symbol") {
        symbol = try readSymbol(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("instrument row without symbol", at: rowStart) }
    return InstrumentUpdate(symbol: symbol, fields: fields)
  }

  /// Reads the instrument row at `s` (the `index`th of its message) into `batch`. A row that is
  /// well-formed JSON but not a valid instrument (a symbol too long, `"lastPrice":"x"`, a bad
  /// time, an object where a string belongs) is skipped whole and counted in `batch`, named by
  /// its place, its symbol when that is readable, and the reason; a row that is not even JSON
  /// still fails the message.
  mutating func decodeInstrumentRow(
    _ s: inout JSONScanner, index: Int, into batch: inout MarketBatch
  ) throws(DecodeError) {
    let rowStart = s.pos
    do {
      batch.instruments.append(try decodeInstrument(&s))
    } catch {
      s.pos = rowStart
      try s.skipValue()
      var words = "instrument row \(index + 1)"
      if let symbol = Self.symbolText(ofRowAt: rowStart, in: s) { words += " (\(symbol))" }
      noteSkippedRow(words + ": " + error.reason, in: &batch)
    }
  }

  /// The `symbol` string of the row object at `start`, made safe to show and at most 32
  /// characters long, or nil when it has none that reads as a string.
  static func symbolText(ofRowAt start: Int, in scanner: JSONScanner) -> String? {
    var s = scanner
    s.pos = start
    do throws(DecodeError) {
      try s.beginObject()
      var first = true
      while let key = try s.nextKey(first: &first) {
        s.skipSpace()
        guard s.equals(key, "symbol"), s.peek() == UInt8(ascii: "\"") else {
          try s.skipValue()
          continue
        }
        let text = TerminalText.sanitized(try s.readString())
        return text.count > 32 ? String(text.prefix(31)) + "…" : text
      }
    } catch {
      return nil
    }
    return nil
  }

  /// The field a key names, if it is one `InstrumentFields.all` lists.
  private static func instrumentField(
    _ key: JSONScanner.RawString, in s: JSONScanner
  ) -> InstrumentField.Slot? {
    if !key.hasEscapes {
      return instrumentKeys.value(UnsafeBufferPointer(start: s.base + key.start, count: key.count))
    }
    var text = s.string(key)
    return text.withUTF8 { instrumentKeys.value($0) }
  }

  /// Reads a field's value by its kind (`null` leaves it unknown).
  private func read(
    _ slot: InstrumentField.Slot, into fields: inout InstrumentFields, _ s: inout JSONScanner
  ) throws(DecodeError) {
    switch slot {
    case .text(let path): fields[keyPath: path] = try readOptionalString(&s)
    case .number(let path): fields[keyPath: path] = try readOptionalDouble(&s)
    case .time(let path): fields[keyPath: path] = try readTime(&s)
    case .flag(let path): fields[keyPath: path] = s.consumeNull() ? nil : try s.readBool()
    case .tickDirection(let path): fields[keyPath: path] = try readTickDirection(&s)
    case .settlement(let code, let currency):
      let text = try readOptionalString(&s)
      fields[keyPath: code] = text
      fields[keyPath: currency] = text.flatMap(SettlementCurrency.bitmex)
    }
  }
}
