import Foundation
import VenueCore

/// cryptofeed 2.4.1's handler for one venue on the frames a `VenueBench` figure plays
/// (`scripts/cryptofeed-venue-baseline.sh VENUE FILE PASSES`), for the design map's "≥ 20×
/// cryptofeed's handler for the same venue on the same frames": what it measured, or why it did
/// not run.
enum CryptofeedBaseline {
  /// The handler ran: messages a pass, the median pass in seconds, frames it logged as
  /// unexpected, and each symbol's final top of book.
  case ran(messages: Int, seconds: Double, warnings: Int, tops: [String: Top])
  /// It did not run: why in a few words (the script's, or that the script failed), and more.
  case notRun(String, detail: String?)

  /// A book's best levels and depth, as cryptofeed printed them (nil: that side is empty).
  struct Top {
    var bid: FixedDecimal?
    var bidSize: FixedDecimal?
    var ask: FixedDecimal?
    var askSize: FixedDecimal?
    var bidLevels: Int
    var askLevels: Int

    /// The same from tradeterm's book.
    init(_ book: PriceBook) {
      bid = book.best(.bid)?.price
      bidSize = book.best(.bid)?.size
      ask = book.best(.ask)?.price
      askSize = book.best(.ask)?.size
      bidLevels = book[.bid].count
      askLevels = book[.ask].count
    }

    /// `[bid, bid size, ask, ask size, bid levels, ask levels]` from the script's JSON.
    init?(json: Any) {
      guard let row = json as? [Any], row.count == 6, let bids = row[4] as? Int, let asks = row[5] as? Int
      else { return nil }
      func decimal(_ i: Int) -> FixedDecimal? { (row[i] as? String).flatMap(FixedDecimal.init) }
      bid = decimal(0)
      bidSize = decimal(1)
      ask = decimal(2)
      askSize = decimal(3)
      bidLevels = bids
      askLevels = asks
    }

    /// Equal as numbers (cryptofeed keeps the venue's text, `61824.00000000`; tradeterm its
    /// instrument's scale).
    func agrees(with other: Top) -> Bool {
      bid == other.bid && bidSize == other.bidSize && ask == other.ask && askSize == other.askSize
        && bidLevels == other.bidLevels && askLevels == other.askLevels
    }

    /// `61824.00 × 4.46334 / 61824.01 × 0.39004 (1,039 / 1,091 levels)`.
    var text: String {
      func level(_ price: FixedDecimal?, _ size: FixedDecimal?) -> String {
        guard let price, let size else { return "none" }
        return "\(price.normalized) × \(size.normalized)"
      }
      return "\(level(bid, bidSize)) / \(level(ask, askSize)) "
        + "(\(Double(bidLevels).grouped) / \(Double(askLevels).grouped) levels)"
    }
  }

  /// Runs the script (from the repository root, as the bench is).
  static func run(venue: String, file: String, passes: Int) -> CryptofeedBaseline {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["scripts/cryptofeed-venue-baseline.sh", venue, file, String(passes)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
      return .notRun("scripts/cryptofeed-venue-baseline.sh did not start", detail: "\(error)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    // Status 3: the script ran and says why cryptofeed's handler cannot take these frames.
    if process.terminationStatus == 3, let error = object?["error"] as? String {
      return .notRun(error, detail: object?["detail"] as? String)
    }
    guard process.terminationStatus == 0, let object,
      let messages = object["messages"] as? Int, let seconds = object["seconds"] as? Double, seconds > 0,
      let warnings = object["warnings"] as? Int, let rows = object["tops"] as? [String: Any]
    else {
      return .notRun(
        "scripts/cryptofeed-venue-baseline.sh failed (status \(process.terminationStatus))", detail: nil)
    }
    var tops: [String: Top] = [:]
    for (symbol, row) in rows {
      guard let top = Top(json: row) else {
        return .notRun("scripts/cryptofeed-venue-baseline.sh printed an unreadable top of book", detail: nil)
      }
      tops[symbol] = top
    }
    return .ran(messages: messages, seconds: seconds, warnings: warnings, tops: tops)
  }
}
