/// A decoded REST response body: the rows asked for, or the exchange's error.
public enum RESTBody<Row: Sendable>: Sendable {
  case rows([Row])
  /// `{"error":"…"}` or `{"error":{"message":"…","name":"…"}}` (sometimes under HTTP 200).
  case error(String)
}
