/// The byte sequences that make up nearly every BitMEX message, recognised by word
/// compares before the decoder falls back to reading a key or value the general way (which
/// then compares its spelling with the same patterns: each key list is written once).
///
/// The constants are the patterns' bytes packed little-endian (generated; the test
/// `wirePatternsMatchTheirText` checks each against its text). Literal constants let
/// the compiler lay them out statically: no lazy initialisation on the hot path.
enum Wire {
  /// `{"table":`
  static let openTable = BytePattern(
    low: 0x2265_6C62_6174_227B, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `,"action":`
  static let commaAction = BytePattern(
    low: 0x6E6F_6974_6361_222C, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `,"data":`
  static let commaData = BytePattern(
    low: 0x3A22_6174_6164_222C, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"orderBookL2"`
  static let orderBookL2 = BytePattern(
    low: 0x6F42_7265_6472_6F22, high: 0x0000_0022_324C_6B6F, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `"quote"`
  static let quote = BytePattern(
    low: 0x0022_6574_6F75_7122, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"instrument"`
  static let instrument = BytePattern(
    low: 0x6D75_7274_736E_6922, high: 0x0000_0000_2274_6E65, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_FFFF_FFFF, count: 12)
  /// `"table":`
  static let table = BytePattern(
    low: 0x3A22_656C_6261_7422, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"action":`
  static let action = BytePattern(
    low: 0x226E_6F69_7463_6122, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `"data":`
  static let data = BytePattern(
    low: 0x003A_2261_7461_6422, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"symbol":`
  static let symbol = BytePattern(
    low: 0x226C_6F62_6D79_7322, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `"id":`
  static let id = BytePattern(
    low: 0x0000_003A_2264_6922, high: 0x0000_0000_0000_0000, lowMask: 0x0000_00FF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 5)
  /// `"side":`
  static let side = BytePattern(
    low: 0x003A_2265_6469_7322, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"size":`
  static let size = BytePattern(
    low: 0x003A_2265_7A69_7322, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"price":`
  static let price = BytePattern(
    low: 0x3A22_6563_6972_7022, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"timestamp":`
  static let timestamp = BytePattern(
    low: 0x6174_7365_6D69_7422, high: 0x0000_0000_3A22_706D, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_FFFF_FFFF, count: 12)
  /// `"transactTime":`
  static let transactTime = BytePattern(
    low: 0x6361_736E_6172_7422, high: 0x003A_2265_6D69_5474, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x00FF_FFFF_FFFF_FFFF, count: 15)
  /// `"Buy"`
  static let buy = BytePattern(
    low: 0x0000_0022_7975_4222, high: 0x0000_0000_0000_0000, lowMask: 0x0000_00FF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 5)
  /// `"Sell"`
  static let sell = BytePattern(
    low: 0x0000_226C_6C65_5322, high: 0x0000_0000_0000_0000, lowMask: 0x0000_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 6)
  /// `"update"`
  static let update = BytePattern(
    low: 0x2265_7461_6470_7522, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"insert"`
  static let insert = BytePattern(
    low: 0x2274_7265_736E_6922, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"delete"`
  static let delete = BytePattern(
    low: 0x2265_7465_6C65_6422, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"orderBookL2_25"`
  static let orderBookTop25 = BytePattern(
    low: 0x6F42_7265_6472_6F22, high: 0x2235_325F_324C_6B6F, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)
  /// `"trade"`
  static let trade = BytePattern(
    low: 0x0022_6564_6172_7422, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)

  /// `"tickDirection":`
  static let tickDirection = BytePattern(
    low: 0x7269_446B_6369_7422, high: 0x3A22_6E6F_6974_6365, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)
  /// `"trdMatchID":`
  static let trdMatchID = BytePattern(
    low: 0x6374_614D_6472_7422, high: 0x0000_003A_2244_4968, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `"grossValue":`
  static let grossValue = BytePattern(
    low: 0x6156_7373_6F72_6722, high: 0x0000_003A_2265_756C, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `"homeNotional":`
  static let homeNotional = BytePattern(
    low: 0x746F_4E65_6D6F_6822, high: 0x003A_226C_616E_6F69, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x00FF_FFFF_FFFF_FFFF, count: 15)
  /// `"trdType":`
  static let trdType = BytePattern(
    low: 0x6570_7954_6472_7422, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `"PlusTick"`
  static let plusTick = BytePattern(
    low: 0x6369_5473_756C_5022, high: 0x0000_0000_0000_226B, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `"ZeroPlusTick"`
  static let zeroPlusTick = BytePattern(
    low: 0x756C_506F_7265_5A22, high: 0x0000_226B_6369_5473, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_FFFF_FFFF_FFFF, count: 14)
  /// `"MinusTick"`
  static let minusTick = BytePattern(
    low: 0x6954_7375_6E69_4D22, high: 0x0000_0000_0022_6B63, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_00FF_FFFF, count: 11)
  /// `"ZeroMinusTick"`
  static let zeroMinusTick = BytePattern(
    low: 0x6E69_4D6F_7265_5A22, high: 0x0022_6B63_6954_7375, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x00FF_FFFF_FFFF_FFFF, count: 15)

  // The rarer keys and values: acknowledgements, errors and the other tables.
  /// `"filter":`
  static let filter = BytePattern(
    low: 0x2272_6574_6C69_6622, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `"info":`
  static let info = BytePattern(
    low: 0x003A_226F_666E_6922, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"success":`
  static let success = BytePattern(
    low: 0x7373_6563_6375_7322, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `"subscribe":`
  static let subscribe = BytePattern(
    low: 0x6972_6373_6275_7322, high: 0x0000_0000_3A22_6562, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_FFFF_FFFF, count: 12)
  /// `"unsubscribe":`
  static let unsubscribe = BytePattern(
    low: 0x6373_6275_736E_7522, high: 0x0000_3A22_6562_6972, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_FFFF_FFFF_FFFF, count: 14)
  /// `"status":`
  static let status = BytePattern(
    low: 0x2273_7574_6174_7322, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `"error":`
  static let error = BytePattern(
    low: 0x3A22_726F_7272_6522, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `"meta":`
  static let meta = BytePattern(
    low: 0x003A_2261_7465_6D22, high: 0x0000_0000_0000_0000, lowMask: 0x00FF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 7)
  /// `"request":`
  static let request = BytePattern(
    low: 0x7473_6575_7165_7222, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `"orderBook10"`
  static let orderBook10 = BytePattern(
    low: 0x6F42_7265_6472_6F22, high: 0x0000_0022_3031_6B6F, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `"tradeBin1m"`
  static let tradeBin1m = BytePattern(
    low: 0x6942_6564_6172_7422, high: 0x0000_0000_226D_316E, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_FFFF_FFFF, count: 12)
  /// `"liquidation"`
  static let liquidation = BytePattern(
    low: 0x6164_6975_7169_6C22, high: 0x0000_0022_6E6F_6974, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `"orderID":`
  static let orderID = BytePattern(
    low: 0x4449_7265_6472_6F22, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `"leavesQty":`
  static let leavesQty = BytePattern(
    low: 0x5173_6576_6165_6C22, high: 0x0000_0000_3A22_7974, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_FFFF_FFFF, count: 12)
  /// `"partial"`
  static let partial = BytePattern(
    low: 0x6C61_6974_7261_7022, high: 0x0000_0000_0000_0022, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)

  /// `{"symbol":`
  static let openSymbol = BytePattern(
    low: 0x6C6F_626D_7973_227B, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `,"id":`
  static let commaID = BytePattern(
    low: 0x0000_3A22_6469_222C, high: 0x0000_0000_0000_0000, lowMask: 0x0000_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 6)
  /// `,"side":`
  static let commaSide = BytePattern(
    low: 0x3A22_6564_6973_222C, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `,"size":`
  static let commaSize = BytePattern(
    low: 0x3A22_657A_6973_222C, high: 0x0000_0000_0000_0000, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_0000, count: 8)
  /// `,"price":`
  static let commaPrice = BytePattern(
    low: 0x2265_6369_7270_222C, high: 0x0000_0000_0000_003A, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_00FF, count: 9)
  /// `,"timestamp":`
  static let commaTimestamp = BytePattern(
    low: 0x7473_656D_6974_222C, high: 0x0000_003A_2270_6D61, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `,"transactTime":`
  static let commaTransactTime = BytePattern(
    low: 0x6173_6E61_7274_222C, high: 0x3A22_656D_6954_7463, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)

  /// `{"timestamp":`
  static let openTimestamp = BytePattern(
    low: 0x7473_656D_6974_227B, high: 0x0000_003A_2270_6D61, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_00FF_FFFF_FFFF, count: 13)
  /// `,"symbol":`
  static let commaSymbol = BytePattern(
    low: 0x6C6F_626D_7973_222C, high: 0x0000_0000_0000_3A22, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_0000_FFFF, count: 10)
  /// `,"tickDirection"`
  static let commaTickDirection = BytePattern(
    low: 0x6944_6B63_6974_222C, high: 0x226E_6F69_7463_6572, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)
  /// `,"trdMatchID":`
  static let commaTrdMatchID = BytePattern(
    low: 0x7461_4D64_7274_222C, high: 0x0000_3A22_4449_6863, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_FFFF_FFFF_FFFF, count: 14)
  /// `,"grossValue":`
  static let commaGrossValue = BytePattern(
    low: 0x5673_736F_7267_222C, high: 0x0000_3A22_6575_6C61, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_FFFF_FFFF_FFFF, count: 14)
  /// `,"homeNotional":`
  static let commaHomeNotional = BytePattern(
    low: 0x6F4E_656D_6F68_222C, high: 0x3A22_6C61_6E6F_6974, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)
  /// `,"foreignNotiona`
  static let commaForeignNotional = BytePattern(
    low: 0x6769_6572_6F66_222C, high: 0x616E_6F69_746F_4E6E, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0xFFFF_FFFF_FFFF_FFFF, count: 16)
  /// `,"trdType":`
  static let commaTrdType = BytePattern(
    low: 0x7079_5464_7274_222C, high: 0x0000_0000_003A_2265, lowMask: 0xFFFF_FFFF_FFFF_FFFF,
    highMask: 0x0000_0000_00FF_FFFF, count: 11)

  /// Every pattern with its text, for the test that checks the constants.
  static let all: [(BytePattern, StaticString)] = [
    (openTable, "{\"table\":"),
    (commaAction, ",\"action\":"),
    (commaData, ",\"data\":"),
    (orderBookL2, "\"orderBookL2\""),
    (liquidation, "\"liquidation\""),
    (orderID, "\"orderID\":"),
    (leavesQty, "\"leavesQty\":"),
    (quote, "\"quote\""),
    (instrument, "\"instrument\""),
    (table, "\"table\":"),
    (action, "\"action\":"),
    (data, "\"data\":"),
    (symbol, "\"symbol\":"),
    (id, "\"id\":"),
    (side, "\"side\":"),
    (size, "\"size\":"),
    (price, "\"price\":"),
    (timestamp, "\"timestamp\":"),
    (transactTime, "\"transactTime\":"),
    (buy, "\"Buy\""),
    (sell, "\"Sell\""),
    (update, "\"update\""),
    (insert, "\"insert\""),
    (delete, "\"delete\""),
    (orderBookTop25, "\"orderBookL2_25\""),
    (trade, "\"trade\""),
    (tickDirection, "\"tickDirection\":"),
    (trdMatchID, "\"trdMatchID\":"),
    (grossValue, "\"grossValue\":"),
    (homeNotional, "\"homeNotional\":"),
    (trdType, "\"trdType\":"),
    (plusTick, "\"PlusTick\""),
    (zeroPlusTick, "\"ZeroPlusTick\""),
    (minusTick, "\"MinusTick\""),
    (zeroMinusTick, "\"ZeroMinusTick\""),
    (filter, "\"filter\":"),
    (info, "\"info\":"),
    (success, "\"success\":"),
    (subscribe, "\"subscribe\":"),
    (unsubscribe, "\"unsubscribe\":"),
    (status, "\"status\":"),
    (error, "\"error\":"),
    (meta, "\"meta\":"),
    (request, "\"request\":"),
    (orderBook10, "\"orderBook10\""),
    (tradeBin1m, "\"tradeBin1m\""),
    (partial, "\"partial\""),
    (openSymbol, "{\"symbol\":"),
    (commaID, ",\"id\":"),
    (commaSide, ",\"side\":"),
    (commaSize, ",\"size\":"),
    (commaPrice, ",\"price\":"),
    (commaTimestamp, ",\"timestamp\":"),
    (commaTransactTime, ",\"transactTime\":"),
    (openTimestamp, "{\"timestamp\":"),
    (commaSymbol, ",\"symbol\":"),
    (commaTickDirection, ",\"tickDirection\""),
    (commaTrdMatchID, ",\"trdMatchID\":"),
    (commaGrossValue, ",\"grossValue\":"),
    (commaHomeNotional, ",\"homeNotional\":"),
    (commaForeignNotional, ",\"foreignNotiona"),
    (commaTrdType, ",\"trdType\":"),
  ]
}
