import VenueCore

/// What a recording of the cross-venue screen (`tradeterm --across BTC --record FILE`) says
/// besides its frames, in `#` lines that every replay skips (an older tradeterm too):
///
///     # tradeterm recording 2
///     # tradeterm across BTC bitmex:<BitMEX's BTC/USD swap> kraken:BTC/USD binance-usdm:BTCUSDT …
///     1764201600.123456 kraken {"channel":"book",…}
///     …
///     # tradeterm facts binance-usdm:BTCUSDT kind=linear-perpetual base=BTC quote=USDT settle=USDT tick=0.1 lot=0.001 min=0.001 contract=base
///
/// The `across` line (the preamble, after the format's header) names the asset and the chosen
/// instruments in order: `tradeterm --replay FILE` knows from it that the file is the screen's and
/// opens the screen on them. A `facts` line is written where an instrument's contract came from its
/// venue's REST instruments (a perpetual's): the replay adopts it at the same place in the file,
/// since the venue's answer itself is not a frame of the recording. Pure text in and out; numbers
/// are read from their text and a line that does not read is no plan and no facts.
public enum AcrossRecording {
  /// The words after `# ` that start the preamble and a facts line.
  static let acrossWord = "tradeterm across"
  static let factsWord = "tradeterm facts"

  /// The preamble's text (without `# `, which the recorder writes): the asset and the keys.
  public static func preamble(asset: AssetCode, instruments: [InstrumentKey]) -> String {
    ([acrossWord, asset.description] + instruments.map(\.description)).joined(separator: " ")
  }

  /// Whether `key` can be written in a preamble (a word without spaces or control characters).
  public static func writable(_ key: InstrumentKey) -> Bool {
    key.description.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
  }

  /// The plan a line of the file names: the asset and the instruments of a preamble (the whole
  /// line, `#` included); nil for any other line, or one that does not read.
  public static func plan(_ line: Substring) -> (asset: AssetCode, instruments: [InstrumentKey])? {
    guard let words = words(line, after: acrossWord), words.count >= 2,
      let asset = AssetCode(String(words[0]))
    else { return nil }
    var keys: [InstrumentKey] = []
    for word in words.dropFirst() {
      guard word.contains(":"), case .success(let key) = InstrumentKey.parse(String(word)),
        !keys.contains(key)
      else { return nil }
      keys.append(key)
    }
    return (asset, keys)
  }

  /// A facts line's text (without `# `) for `spec`.
  public static func factsNote(_ spec: InstrumentSpec) -> String {
    var words = [
      factsWord, spec.key.description, "kind=\(kindWord(spec.kind))", "base=\(spec.base)",
      "quote=\(spec.quote)",
      "settle=\(spec.settle)", "tick=\(spec.tickSize)", "lot=\(spec.lotSize)",
    ]
    if let min = spec.minSize { words.append("min=\(min)") }
    switch spec.contract {
    case .base: words.append("contract=base")
    case .linear(let value): words.append("contract=linear:\(value)")
    case .inverse(let value): words.append("contract=inverse:\(value)")
    case .quanto(let multiplier, let perWhole): words.append("contract=quanto:\(multiplier):\(perWhole)")
    }
    return words.joined(separator: " ")
  }

  /// The spec of a facts line (the whole line, `#` included); nil for any other line, or one
  /// whose fields do not read (a missing field, a number that is not one, a step not above 0).
  public static func facts(_ line: Substring) -> InstrumentSpec? {
    guard let words = words(line, after: factsWord), let first = words.first,
      case .success(let key) = InstrumentKey.parse(String(first))
    else { return nil }
    var fields: [Substring: Substring] = [:]
    for word in words.dropFirst() {
      guard let equals = word.firstIndex(of: "=") else { return nil }
      fields[word[..<equals]] = word[word.index(after: equals)...]
    }
    func asset(_ name: Substring) -> AssetCode? { fields[name].flatMap { AssetCode(String($0)) } }
    func number(_ text: Substring?) -> FixedDecimal? {
      text.flatMap { FixedDecimal(String($0)) }.flatMap { $0.mantissa > 0 ? $0 : nil }
    }
    guard let kind = fields["kind"].flatMap(kind), let base = asset("base"), let quote = asset("quote"),
      let settle = asset("settle"), let tick = number(fields["tick"]), let lot = number(fields["lot"]),
      let contract = fields["contract"].flatMap(contract)
    else { return nil }
    var minSize: FixedDecimal?
    if let text = fields["min"] {
      guard let min = number(text) else { return nil }
      minSize = min
    }
    return InstrumentSpec(
      key: key, kind: kind, base: base, quote: quote, settle: settle, tickSize: tick, lotSize: lot,
      minSize: minSize, contract: contract)
  }

  /// The words of `line` after `# ` and `lead` (nil when the line is not one of those).
  static func words(_ line: Substring, after lead: String) -> [Substring]? {
    var text = line
    while text.last == "\r" { text = text.dropLast() }
    guard text.hasPrefix("# " + lead + " ") else { return nil }
    return text.dropFirst(lead.count + 3).split(separator: " ")
  }

  static func kindWord(_ kind: InstrumentKind) -> String {
    switch kind {
    case .spot: "spot"
    case .linearPerpetual: "linear-perpetual"
    case .inversePerpetual: "inverse-perpetual"
    case .quantoPerpetual: "quanto-perpetual"
    case .future(let expiry?): "future:\(expiry)"
    case .future(nil): "future"
    case .index: "index"
    case .other: "other"
    }
  }

  static func kind(_ word: Substring) -> InstrumentKind? {
    switch word {
    case "spot": return .spot
    case "linear-perpetual": return .linearPerpetual
    case "inverse-perpetual": return .inversePerpetual
    case "quanto-perpetual": return .quantoPerpetual
    case "future": return .future(expiryMs: nil)
    case "index": return .index
    case "other": return .other
    default:
      guard word.hasPrefix("future:"), let ms = Int64(word.dropFirst(7)) else { return nil }
      return .future(expiryMs: ms)
    }
  }

  static func contract(_ word: Substring) -> ContractDescriptor? {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    func number(_ i: Int) -> FixedDecimal? {
      parts.indices.contains(i) ? FixedDecimal(String(parts[i])).flatMap { $0.mantissa > 0 ? $0 : nil } : nil
    }
    switch (parts.first, parts.count) {
    case ("base", 1): return .base
    case ("linear", 2): return number(1).map { .linear(value: $0) }
    case ("inverse", 2): return number(1).map { .inverse(value: $0) }
    case ("quanto", 3):
      guard let multiplier = number(1), let perWhole = number(2) else { return nil }
      return .quanto(multiplier: multiplier, settlePerWhole: perWhole)
    default: return nil
    }
  }
}
