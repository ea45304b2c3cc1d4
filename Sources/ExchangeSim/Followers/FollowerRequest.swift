import FoundationEssentials

/// A follower venue client's JSON request, the fields of all three read leniently:
/// Coinbase `{"type":"subscribe","product_ids":[…],"channel":"level2"}`, Bybit
/// `{"op":"subscribe","args":["orderbook.50.BTCUSDT"]}`, OKX
/// `{"op":"subscribe","args":[{"channel":"books","instId":"BTC-USDT"}]}`.
struct FollowerRequest: Decodable {
  /// An OKX arg.
  struct Arg: Decodable {
    var channel: String?
    var instId: String?
    var instType: String?
  }

  var type: String?
  var op: String?
  var channel: String?
  var productIDs: [String] = []
  /// Bybit's args (strings).
  var topics: [String] = []
  /// OKX's args (objects).
  var args: [Arg] = []
  var reqID: String?

  private enum Key: String, CodingKey {
    case type, op, channel, args
    case productIDs = "product_ids"
    case reqID = "req_id"
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    type = try? c.decode(String.self, forKey: .type)
    op = try? c.decode(String.self, forKey: .op)
    channel = try? c.decode(String.self, forKey: .channel)
    productIDs = (try? c.decode([String].self, forKey: .productIDs)) ?? []
    topics = (try? c.decode([String].self, forKey: .args)) ?? []
    args = (try? c.decode([Arg].self, forKey: .args)) ?? []
    reqID = try? c.decode(String.self, forKey: .reqID)
  }

  /// The request in `bytes`, or nil when it is not a JSON object.
  static func parse(_ bytes: [UInt8]) -> FollowerRequest? {
    try? JSONDecoder().decode(FollowerRequest.self, from: Data(bytes))
  }
}
