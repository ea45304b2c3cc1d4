import MarketModel
import Testing

@testable import BitMEX

/// The `liquidation` table. No recording of it is in `../bitmex-samples` (liquidations are rare
/// and no capture found holds one); the rows below follow the shape BitMEX documents and public
/// clients print: keys `["orderID"]`, an insert with `orderID, symbol, side, price, leavesQty`,
/// updates with the key and the new `leavesQty` (sometimes `price`), deletes with the key.
@Suite struct LiquidationDecoderTests {
  static let id = "8b4a95db-815a-f93a-c9a2-ffbbabeddbac"

  @Test func partialInsertUpdateDelete() throws {
    let partial = try decodeOne(
      #"{"table":"liquidation","action":"partial","keys":["orderID"],"types":{"orderID":"guid","symbol":"symbol","side":"symbol","price":"float","leavesQty":"long"},"foreignKeys":{"symbol":"instrument","side":"side"},"attributes":{"orderID":"grouped"},"filter":{},"data":[]}"#
    )
    #expect(partial.events == [.liquidations(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<0))])

    let insert = try decodeOne(
      #"{"table":"liquidation","action":"insert","data":[{"orderID":"\#(Self.id)","symbol":"XBTUSD","side":"Sell","price":97940.5,"leavesQty":12000}]}"#
    )
    #expect(insert.events == [.liquidations(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<1))])
    let row = try #require(insert.liquidations.first)
    #expect(row.symbol == "XBTUSD" && row.side == .sell && row.price == 97_940.5 && row.leavesQty == 12_000)
    #expect(row.orderID != .none)

    let update = try decodeOne(
      #"{"table":"liquidation","action":"update","data":[{"orderID":"\#(Self.id)","leavesQty":5000,"symbol":"XBTUSD"}]}"#
    )
    #expect(
      update.liquidations == [
        LiquidationRow(orderID: row.orderID, symbol: "XBTUSD", side: nil, price: nil, leavesQty: 5_000)
      ])

    let delete = try decodeOne(
      #"{"table":"liquidation","action":"delete","data":[{"orderID":"\#(Self.id)","symbol":"XBTUSD"}]}"#)
    #expect(delete.liquidations.first?.orderID == row.orderID)
    #expect(delete.liquidations.first?.leavesQty == nil)
  }

  @Test(arguments: [
    #"{"table":"liquidation","action":"insert","data":[{"symbol":"XBTUSD","side":"Sell","price":1,"leavesQty":1}]}"#,
    #"{"table":"liquidation","action":"insert","data":[{"orderID":"x","symbol":"XBTUSD","price":-5,"leavesQty":1}]}"#,
    #"{"table":"liquidation","action":"insert","data":[{"orderID":"x","symbol":"XBTUSD","leavesQty":-1}]}"#,
  ])
  func badRowsAreRefusedWhole(text: String) {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    #expect(throws: DecodeError.self) { try decoder.decode(text, into: &batch) }
    #expect(batch.liquidations.isEmpty && batch.events.isEmpty)
  }
}
