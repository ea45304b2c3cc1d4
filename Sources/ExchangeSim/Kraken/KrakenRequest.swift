/// A client's Kraken v2 request: `{"method":"subscribe","params":{"channel":"book","symbol":
/// ["BTC/USD"],"depth":25,"snapshot":true},"req_id":7}`. Read leniently, as the venue does:
/// a field of the wrong type counts as absent, except a `depth` that is not a whole number,
/// which is refused (`depthGiven` without a `depth`).
struct KrakenRequest: Decodable {
  var method: String?
  var channel: String?
  /// `params.symbol`: a list of strings (a lone string is taken as a list of one; anything that
  /// is not a string is skipped).
  var symbols: [String]?
  var depth: Int?
  /// Whether `params.depth` was there at all.
  var depthGiven = false
  var snapshot: Bool?
  var reqID: Int64?

  private enum Key: String, CodingKey {
    case method, params, channel, symbol, depth, snapshot
    case reqID = "req_id"
  }

  /// A list element kept only when it is a string.
  private struct MaybeString: Decodable {
    var value: String?
    init(from decoder: any Decoder) throws {
      value = try? decoder.singleValueContainer().decode(String.self)
    }
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    method = try? c.decode(String.self, forKey: .method)
    reqID = try? c.decode(Int64.self, forKey: .reqID)
    guard let p = try? c.nestedContainer(keyedBy: Key.self, forKey: .params) else { return }
    channel = try? p.decode(String.self, forKey: .channel)
    if let list = try? p.decode([MaybeString].self, forKey: .symbol) {
      symbols = list.compactMap(\.value)
    } else if let one = try? p.decode(String.self, forKey: .symbol) {
      symbols = [one]
    }
    depthGiven = p.contains(.depth)
    depth = try? p.decode(Int.self, forKey: .depth)
    snapshot = try? p.decode(Bool.self, forKey: .snapshot)
  }
}
