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
    }
  }
}
