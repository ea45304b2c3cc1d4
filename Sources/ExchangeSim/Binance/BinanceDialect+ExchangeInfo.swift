/// `exchangeInfo` in each market's shape: the rate limits, and per symbol its assets, status and
/// filters (`PRICE_FILTER.tickSize`, `LOT_SIZE.stepSize` and `minQty`, the minimum notional),
/// with the USDⓈ-M contract fields (`contractType`, `marginAsset`, precisions).
extension BinanceDialect {
  func exchangeInfo(_ market: BinanceSimMarket, _ selected: [BinanceListing], _ now: Int64) -> [UInt8] {
    var w = JSONWriter(capacity: 2_048)
    w.beginObject()
    w.key("timezone")
    w.string("UTC")
    w.key("serverTime")
    w.int(now)
    if market == .usdm {
      w.key("futuresType")
      w.string("U_MARGINED")
    }
    w.key("rateLimits")
    w.beginArray()
    for (type, interval, number, limit) in [
      ("REQUEST_WEIGHT", "MINUTE", 1, market == .spot ? 6_000 : 2_400),
      (
        "ORDERS", market == .spot ? "SECOND" : "MINUTE", market == .spot ? 10 : 1,
        market == .spot ? 100 : 1_200
      ),
    ] {
      w.item()
      w.beginObject()
      w.key("rateLimitType")
      w.string(type)
      w.key("interval")
      w.string(interval)
      w.key("intervalNum")
      w.int(number)
      w.key("limit")
      w.int(limit)
      w.endObject()
    }
    w.endArray()
    w.key("exchangeFilters")
    w.raw("[]")
    w.key("symbols")
    w.beginArray()
    for listing in selected {
      w.item()
      symbolRow(listing, into: &w)
    }
    w.endArray()
    w.endObject()
    return w.bytes
  }

  private func symbolRow(_ l: BinanceListing, into w: inout JSONWriter) {
    let spot = l.market == .spot
    w.beginObject()
    w.key("symbol")
    w.string(l.symbol)
    if !spot {
      w.key("pair")
      w.string(l.symbol)
      w.key("contractType")
      w.string("PERPETUAL")
      w.key("deliveryDate")
      w.int(4_133_404_800_000)
      w.key("onboardDate")
      w.int(1_569_398_400_000)
    }
    w.key("status")
    w.string("TRADING")
    w.key("baseAsset")
    w.string(l.baseAsset)
    if spot {
      w.key("baseAssetPrecision")
      w.int(8)
    }
    w.key("quoteAsset")
    w.string(l.quoteAsset)
    if spot {
      w.key("quotePrecision")
      w.int(8)
      w.key("quoteAssetPrecision")
      w.int(8)
      w.key("orderTypes")
      w.raw(#"["LIMIT","LIMIT_MAKER","MARKET","STOP_LOSS_LIMIT","TAKE_PROFIT_LIMIT"]"#)
      w.key("icebergAllowed")
      w.bool(true)
      w.key("ocoAllowed")
      w.bool(true)
      w.key("isSpotTradingAllowed")
      w.bool(true)
      w.key("isMarginTradingAllowed")
      w.bool(true)
    } else {
      w.key("marginAsset")
      w.string(l.quoteAsset)
      w.key("pricePrecision")
      w.int(l.priceDecimals)
      w.key("quantityPrecision")
      w.int(l.qtyDecimals)
      w.key("baseAssetPrecision")
      w.int(8)
      w.key("quotePrecision")
      w.int(8)
      w.key("underlyingType")
      w.string("COIN")
      w.key("underlyingSubType")
      w.raw("[]")
    }
    w.key("filters")
    w.beginArray()
    w.item()
    w.beginObject()
    w.key("filterType")
    w.string("PRICE_FILTER")
    w.key("minPrice")
    BinanceEncoder.price(1, l, into: &w)
    w.key("maxPrice")
    BinanceEncoder.quoted(
      1_000_000 * BinanceListing.power(l.priceDecimals), decimals: l.priceDecimals, into: &w)
    w.key("tickSize")
    BinanceEncoder.price(1, l, into: &w)
    w.endObject()
    w.item()
    w.beginObject()
    w.key("filterType")
    w.string("LOT_SIZE")
    w.key("minQty")
    BinanceEncoder.qty(l.stepUnits, l, into: &w)
    w.key("maxQty")
    BinanceEncoder.qty(9_000 * BinanceListing.power(l.qtyDecimals), l, into: &w)
    w.key("stepSize")
    BinanceEncoder.qty(l.stepUnits, l, into: &w)
    w.endObject()
    w.item()
    w.beginObject()
    w.key("filterType")
    if spot {
      w.string("NOTIONAL")
      w.key("minNotional")
      w.string("5.00000000")
      w.key("applyMinToMarket")
      w.bool(true)
      w.key("avgPriceMins")
      w.int(5)
    } else {
      w.string("MIN_NOTIONAL")
      w.key("notional")
      w.string("100")
    }
    w.endObject()
    w.endArray()
    if spot {
      w.key("permissions")
      w.raw("[]")
      w.key("permissionSets")
      w.raw(#"[["SPOT","MARGIN"]]"#)
    } else {
      w.key("orderTypes")
      w.raw(
        #"["LIMIT","MARKET","STOP","STOP_MARKET","TAKE_PROFIT","TAKE_PROFIT_MARKET","TRAILING_STOP_MARKET"]"#)
      w.key("timeInForce")
      w.raw(#"["GTC","IOC","FOK","GTX"]"#)
    }
    w.endObject()
  }
}
