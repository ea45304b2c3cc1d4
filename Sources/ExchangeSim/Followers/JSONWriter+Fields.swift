extension JSONWriter {
  /// `"key":"value"` pairs, in order.
  mutating func fields(_ pairs: [(String, String)]) {
    for (key, value) in pairs {
      self.key(key)
      string(value)
    }
  }

  /// An array of strings.
  mutating func strings(_ values: [String]) {
    beginArray()
    for v in values {
      item()
      string(v)
    }
    endArray()
  }
}
