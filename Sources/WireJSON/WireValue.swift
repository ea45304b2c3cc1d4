/// A whole JSON document as a tree, numbers kept as the text sent: for cold paths (REST
/// metadata, config-like bodies) where walking with `WireReader` by hand would say less. Hot
/// paths (book frames) use `WireReader` and allocate nothing.
public enum WireValue: Sendable, Hashable {
  case object([(key: String, value: WireValue)])
  case array([WireValue])
  case string(String)
  /// A number's text as sent (`"0.00005100"` stays so).
  case number(String)
  case bool(Bool)
  case null

  /// Parses a whole document (nothing but white space may follow it).
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(WireError) -> WireValue {
    var r = WireReader(bytes)
    let value = try read(&r, depth: 0)
    guard r.atEnd() else { throw WireError("bytes after the document", at: r.position) }
    return value
  }

  /// Parses a document held in an array.
  public static func parse(_ bytes: [UInt8]) throws(WireError) -> WireValue {
    let result: Result<WireValue, WireError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(WireError) { return .success(try parse(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  static func read(_ r: inout WireReader, depth: Int) throws(WireError) -> WireValue {
    guard depth < WireReader.maxDepth else { throw WireError("nested too deep", at: r.position) }
    switch r.peek() {
    case UInt8(ascii: "{"):
      try r.beginObject()
      var members: [(key: String, value: WireValue)] = []
      var first = true
      while let key = try r.nextKey(first: &first) {
        let name =
          key.contains(UInt8(ascii: "\\")) ? WireReader.unescape(key) : String(decoding: key, as: UTF8.self)
        members.append((name, try read(&r, depth: depth + 1)))
      }
      return .object(members)
    case UInt8(ascii: "["):
      try r.beginArray()
      var items: [WireValue] = []
      var first = true
      while try r.nextElement(first: &first) { items.append(try read(&r, depth: depth + 1)) }
      return .array(items)
    case UInt8(ascii: "\""): return .string(try r.readString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try r.readBool())
    case UInt8(ascii: "n"):
      guard r.readNull() else { throw WireError("expected null", at: r.position) }
      return .null
    default: return .number(String(decoding: try r.readNumberText(), as: UTF8.self))
    }
  }

  /// The member `key` of an object (the first of that name), nil otherwise.
  public subscript(key: String) -> WireValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A string's text, or a number's text (venues quote numbers or not).
  public var text: String? {
    switch self {
    case .string(let s), .number(let s): s
    default: nil
    }
  }

  public var array: [WireValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public var members: [(key: String, value: WireValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }

  public static func == (a: WireValue, b: WireValue) -> Bool {
    switch (a, b) {
    case let (.object(x), .object(y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case let (.array(x), .array(y)): x == y
    case let (.string(x), .string(y)), let (.number(x), .number(y)): x == y
    case let (.bool(x), .bool(y)): x == y
    case (.null, .null): true
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .object(let members):
      hasher.combine(0)
      for m in members {
        hasher.combine(m.key)
        hasher.combine(m.value)
      }
    case .array(let items): hasher.combine(items)
    case .string(let s): hasher.combine(s)
    case .number(let s): hasher.combine(s)
    case .bool(let b): hasher.combine(b)
    case .null: hasher.combine(1)
    }
  }
}
