import NIOHTTP1

/// The follower venues' public REST on the simulator's one port: Coinbase under
/// `/coinbase/api/v3/brokerage/market/…`, Bybit under `/bybit/v5/market/…`, OKX under
/// `/okx/api/v5/…` — the instruments and candles each adapter's `restRequests(for:)` asks for,
/// in the shapes each venue sends, candles from the followed instrument's trades moved by the
/// listing's basis.
struct FollowerREST {
  typealias Response = RESTRouter.Response

  let world: SimWorld

  /// The answer for a follower venue's path, or nil when the path is none of theirs.
  func respond(method: HTTPMethod, path: String, uri: String) -> Response? {
    let prefixes = ["/coinbase/", "/bybit/", "/okx/"]
    guard prefixes.contains(where: { path.hasPrefix($0) }) else { return nil }
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let query = parts.count > 1 ? RESTRouter.query(String(parts[1])) : [:]
    guard method == .GET else { return Response(status: .methodNotAllowed, body: Array("{}".utf8)) }
    if path.hasPrefix("/coinbase/") {
      return CoinbaseSimREST(world: world.followers).respond(String(path.dropFirst("/coinbase".count)), query)
    }
    if path.hasPrefix("/bybit/") {
      return BybitSimREST(world: world.followers).respond(String(path.dropFirst("/bybit".count)), query)
    }
    return OKXSimREST(world: world.followers).respond(String(path.dropFirst("/okx".count)), query)
  }
}
