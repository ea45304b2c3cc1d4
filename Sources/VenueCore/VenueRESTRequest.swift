/// One public REST request as a venue spells it: a path under the venue's REST host and its
/// query, in order. Values are kept as written; `target` percent-encodes them.
public struct VenueRESTRequest: Sendable, Hashable, CustomStringConvertible {
  /// One `name=value` of the query.
  public struct Item: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The path, its segments already encoded (`VenueRESTRequest.encoded` for a symbol in it).
  public var path: String
  public var query: [Item]

  public init(path: String, query: [Item] = []) {
    self.path = path
    self.query = query
  }

  /// The path and the encoded query, as a request line needs them
  /// (`/0/public/Depth?pair=BTC%2FUSD&count=25`).
  public var target: String {
    guard !query.isEmpty else { return path }
    return path + "?"
      + query.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
  }

  public var description: String { target }

  /// `text` with every byte but the unreserved ones (`A–Z a–z 0–9 - . _ ~`) percent-encoded.
  public static func encoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out.unicodeScalars.append("%")
        out.unicodeScalars.append(hex[Int(byte >> 4)])
        out.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return out
  }

  private static let hex = Array("0123456789ABCDEF".unicodeScalars)
}
