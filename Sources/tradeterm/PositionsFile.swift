import MarketModel
import TOMLKit
import Trading

#if canImport(Glibc)
import Glibc
#endif

/// `--positions FILE`: the `[[positions]]` tables of a TOML file (`symbol`, `quantity` in the
/// instrument's units, negative for a short, `entry` price). Other top-level keys are left alone,
/// so the config file itself can be given. A mistake is one clear message naming the table.
///
/// Until the config branch's loader (with its line and column) is merged in, this is the one place
/// tradeterm reads positions with TOMLKit.
enum PositionsFile {
  static func parse(_ text: String, file: String) -> Result<[HeldPosition], PositionsFileError> {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      return .failure(
        PositionsFileError(
          "\(file):\(max(1, error.source.begin.line)):\(max(1, error.source.begin.column)): not valid TOML: \(error.description)"
        ))
    } catch {
      return .failure(PositionsFileError("\(file): not valid TOML: \(error)"))
    }
    guard let value = table["positions"] else { return .success([]) }
    guard let array = value.array else {
      return .failure(PositionsFileError("\(file): positions must be an array of tables: [[positions]]"))
    }
    var out: [HeldPosition] = []
    for (i, element) in array.enumerated() {
      let at = "\(file): positions[\(i + 1)]"
      guard let t = element.table else {
        return .failure(PositionsFileError("\(at): each position must be a table"))
      }
      for (key, _) in t where !["symbol", "quantity", "entry"].contains(key) {
        return .failure(PositionsFileError("\(at): unknown key \(key) (symbol, quantity, entry)"))
      }
      guard let name = t["symbol"]?.string, let symbol = Symbol(name), !name.isEmpty,
        name.unicodeScalars.allSatisfy(TerminalText.isSafe), !name.contains(" ")
      else {
        return .failure(
          PositionsFileError(
            "\(at): symbol must be a printable string of 1 to \(Symbol.maxLength) characters"))
      }
      guard let quantity = number(t["quantity"]), quantity != 0 else {
        return .failure(
          PositionsFileError(
            "\(at): quantity must be a number other than 0 (instrument units, negative for a short)"))
      }
      guard let entry = number(t["entry"]), entry > 0 else {
        return .failure(PositionsFileError("\(at): entry must be a price above 0"))
      }
      out.append(HeldPosition(symbol: symbol, quantity: quantity, entry: entry))
    }
    return .success(out)
  }

  private static func number(_ v: (any TOMLValueConvertible)?) -> Double? {
    guard let v else { return nil }
    if let d = v.double, d.isFinite { return d }
    return v.int.map(Double.init)
  }

  /// `--demo`'s portfolio on the simulated universe: an inverse long, a quanto short, a linear
  /// USDT long and a linear short, entered near the simulator's opening prices.
  static let demo: [HeldPosition] = [
    HeldPosition(symbol: "XBTUSD", quantity: 25_000, entry: 97_500),
    HeldPosition(symbol: "ETHUSD", quantity: -300, entry: 3_520),
    HeldPosition(symbol: "XBTUSDT", quantity: 0.25, entry: 97_000),
    HeldPosition(symbol: "SOLUSDT", quantity: -40, entry: 152),
  ]

  /// Reads and parses `path`.
  static func load(_ path: String) -> Result<[HeldPosition], PositionsFileError> {
    guard let text = readText(path) else { return .failure(PositionsFileError("cannot read \(path)")) }
    return parse(text, file: path)
  }

  private static func readText(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = fread(&buffer, 1, buffer.count, f)
      if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
      if n < buffer.count { break }
      if bytes.count > 4 << 20 { return nil }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}

struct PositionsFileError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
