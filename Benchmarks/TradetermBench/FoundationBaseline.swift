import Foundation

/// The same messages decoded the ordinary way, with Foundation's `JSONDecoder` into
/// `Decodable` structs: the baseline the engine's decoder is measured against.
enum FoundationBaseline {
  struct Row: Decodable {
    var symbol: String?
    var id: Int64?
    var side: String?
    var size: Int64?
    var price: Double?
    var timestamp: String?
    var tickDirection: String?
    var trdMatchID: String?
  }

  struct Message: Decodable {
    var table: String?
    var action: String?
    var data: [Row]?
  }

  /// Decodes every message once; returns a checksum so the work cannot be optimised out.
  static func decodeAll(_ messages: [Data]) -> Int {
    let decoder = JSONDecoder()
    var rows = 0
    for m in messages {
      if let msg = try? decoder.decode(Message.self, from: m) { rows += msg.data?.count ?? 0 }
    }
    return rows
  }
}
