/// Finds where a key is written in TOML text, for messages about values TOML itself accepted
/// (a string where a number belongs, an unknown key). TOMLKit's tables keep no positions, so
/// the text is scanned line by line: table headers (`[theme]`, `[[alerts]]`, counted per array),
/// then `key =` lines, skipping comments and multi-line strings. Dotted and quoted keys are
/// understood; a key that cannot be found is placed at its table's header, else at 1:1.
public struct KeyLocator: Sendable {
  /// One `key = ` line: the table it is in (with the array element's index for `[[...]]`),
  /// the key's full dotted path within that table, and where it starts.
  struct Entry: Sendable {
    var table: String
    var index: Int?
    var key: String
    var position: SourcePosition
    /// Where the value after `=` starts.
    var value: SourcePosition
  }

  /// A key as `position` looks it up: its table, the array element, and the key's path.
  struct Place: Hashable {
    var table: String
    var index: Int?
    var key: String
  }

  /// The first entry of each place, and of each full path (`table.key`) with its element's
  /// index: a lookup per key is constant time (a search of every entry per unknown key made a
  /// large config quadratic to load).
  private var entries: [Place: Entry] = [:]
  private var fullPaths: [Place: Entry] = [:]
  /// Where each table header (and array element) starts.
  private var headers: [Place: SourcePosition] = [:]

  public init(_ text: String) {
    var table = ""
    var index: Int?
    var arrayCounts: [String: Int] = [:]
    var inMultiline: String?
    for (n, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
      if let closing = inMultiline {
        if line.contains(closing) { inMultiline = nil }
        continue
      }
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let body = line.dropFirst(indent)
      guard let first = body.first, first != "#" else { continue }
      let lineNumber = n + 1
      if body.hasPrefix("[[") {
        let name = Self.keyPath(body.dropFirst(2).prefix { $0 != "]" })
        let i = arrayCounts[name, default: 0]
        arrayCounts[name] = i + 1
        (table, index) = (name, i)
        let place = Place(table: name, index: i, key: "")
        if headers[place] == nil { headers[place] = SourcePosition(line: lineNumber, column: indent + 1) }
        continue
      }
      if first == "[" {
        let name = Self.keyPath(body.dropFirst().prefix { $0 != "]" })
        (table, index) = (name, nil)
        let place = Place(table: name, index: nil, key: "")
        if headers[place] == nil { headers[place] = SourcePosition(line: lineNumber, column: indent + 1) }
        continue
      }
      guard let eq = Self.equalsIndex(body) else { continue }
      let key = Self.keyPath(body[body.startIndex..<eq])
      let value = body[body.index(after: eq)...].drop { $0 == " " || $0 == "\t" }
      let valueColumn = indent + body.distance(from: body.startIndex, to: value.startIndex) + 1
      let entry = Entry(
        table: table, index: index, key: key, position: .init(line: lineNumber, column: indent + 1),
        value: .init(line: lineNumber, column: valueColumn))
      let place = Place(table: table, index: index, key: key)
      if entries[place] == nil { entries[place] = entry }
      let full = Place(table: "", index: index, key: table + "." + key)
      if fullPaths[full] == nil { fullPaths[full] = entry }
      for quote in ["\"\"\"", "'''"] where value.hasPrefix(quote) {
        if !value.dropFirst(3).contains(quote) { inMultiline = quote }
      }
    }
  }

  /// Where `key` of `table` (element `index` of an array of tables) is written: the key itself,
  /// else the table's header, else line 1.
  /// With `value`, where the key's value starts (for a value of the wrong type or out of range).
  public func position(
    table: String, index: Int? = nil, key: String? = nil, value: Bool = false
  )
    -> SourcePosition
  {
    if let key {
      let found =
        entries[Place(table: table, index: index, key: key)]
        // A dotted key at the top (`theme.bid = ...`) or a key of a subtable.
        ?? (!table.isEmpty && index == nil
          ? entries[Place(table: "", index: nil, key: table + "." + key)] : nil)
        ?? fullPaths[Place(table: "", index: index, key: table + "." + key)]
      if let found { return value ? found.value : found.position }
    }
    if let h = headers[Place(table: table, index: index, key: "")] { return h }
    if index == nil, let e = entries[Place(table: "", index: nil, key: table)] {
      return e.position
    }
    return SourcePosition(line: 1, column: 1)
  }

  /// The index of the `=` that ends a key (outside quotes), if the line has one.
  private static func equalsIndex(_ s: Substring) -> Substring.Index? {
    var quote: Character?
    var i = s.startIndex
    while i < s.endIndex {
      let c = s[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == "=" {
        return i
      }
      i = s.index(after: i)
    }
    return nil
  }

  /// `a . "b.c"` → `a.b.c` with quotes and spaces around the parts removed.
  private static func keyPath(_ s: Substring) -> String {
    var parts: [String] = []
    var current = ""
    var quote: Character?
    for c in s {
      if let q = quote {
        if c == q { quote = nil } else { current.append(c) }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == "." {
        parts.append(current)
        current = ""
      } else if c != " " && c != "\t" {
        current.append(c)
      }
    }
    parts.append(current)
    return parts.joined(separator: ".")
  }
}
