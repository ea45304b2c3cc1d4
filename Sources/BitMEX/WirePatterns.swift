/// The byte sequences that make up nearly every BitMEX message, recognised by word
/// compares before the decoder falls back to reading a key or value the general way.
struct WirePatterns: Sendable {
  // Envelope keys.
  let table = BytePattern("\"table\":")
  let action = BytePattern("\"action\":")
  let data = BytePattern("\"data\":")
  // Row keys.
  let symbol = BytePattern("\"symbol\":")
  let id = BytePattern("\"id\":")
  let side = BytePattern("\"side\":")
  let size = BytePattern("\"size\":")
  let price = BytePattern("\"price\":")
  let timestamp = BytePattern("\"timestamp\":")
  let transactTime = BytePattern("\"transactTime\":")
  // Values.
  let buy = BytePattern("\"Buy\"")
  let sell = BytePattern("\"Sell\"")
  let update = BytePattern("\"update\"")
  let insert = BytePattern("\"insert\"")
  let delete = BytePattern("\"delete\"")
  let orderBookTop25 = BytePattern("\"orderBookL2_25\"")
  let trade = BytePattern("\"trade\"")
}
