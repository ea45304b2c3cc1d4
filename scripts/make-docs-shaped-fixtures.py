import json, random
random.seed(20261126)
# ---------- Coinbase Advanced Trade, documented shapes ----------
lines=[]; seq=0
def frame(channel, events, ts="2026-11-26T12:00:00.000000000Z"):
    global seq
    f={"channel":channel,"client_id":"","timestamp":ts,"sequence_num":seq,"events":events}
    seq+=1
    return json.dumps(f,separators=(',',':'))
lines.append(frame("subscriptions",[{"subscriptions":{"level2":["BTC-USD"],"market_trades":["BTC-USD"],"heartbeats":["heartbeats"]}}]))
bids={}; asks={}
mid=9650000  # cents
for i in range(100):
    bids[mid-1-i*3]=random.randint(1,400000000)
    asks[mid+1+i*3]=random.randint(1,400000000)
def px(c): return "%d.%02d"%(c//100,c%100)
def qty(s): return "%.8f"%(s/1e8)
ups=[{"side":"bid","event_time":"1970-01-01T00:00:00Z","price_level":px(p),"new_quantity":qty(s)} for p,s in sorted(bids.items(),reverse=True)]
ups+=[{"side":"offer","event_time":"1970-01-01T00:00:00Z","price_level":px(p),"new_quantity":qty(s)} for p,s in sorted(asks.items())]
lines.append(frame("l2_data",[{"type":"snapshot","product_id":"BTC-USD","updates":ups}]))
for k in range(40):
    if k%10==3:
        lines.append(frame("heartbeats",[{"current_time":"2026-11-26 12:00:%02d.0 +0000 UTC"%k,"heartbeat_counter":k}]))
        continue
    if k%10==6:
        best_ask=min(asks); best_bid=max(bids)
        lines.append(frame("market_trades",[{"type":"update","trades":[
            {"trade_id":str(900000+k),"product_id":"BTC-USD","price":px(best_ask),"size":"0.0125","side":"SELL","time":"2026-11-26T12:00:%02d.123Z"%k},
            {"trade_id":str(900100+k),"product_id":"BTC-USD","price":px(best_bid),"size":"0.5","side":"BUY","time":"2026-11-26T12:00:%02d.456Z"%k}]}]))
        continue
    us=[]
    for j in range(random.randint(1,6)):
        side=random.choice(["bid","offer"])
        book=bids if side=="bid" else asks
        r=random.random()
        if r<0.25 and len(book)>10:
            p=random.choice(list(book)); del book[p]; s=0
        elif r<0.35:
            # delete of a level never held: a no-op (seen on real frames)
            p=(mid-1-999*3) if side=="bid" else (mid+1+999*3); s=0
        else:
            base=max(bids) if side=="bid" else min(asks)
            p=base-3*random.randint(0,5) if side=="bid" else base+3*random.randint(0,5)
            # never cross
            if side=="bid" and p>=min(asks): p=min(asks)-1
            if side=="offer" and p<=max(bids): p=max(bids)+1
            s=random.randint(1,300000000); book[p]=s
        us.append({"side":side,"event_time":"2026-11-26T12:00:%02d.000Z"%k,"price_level":px(p),"new_quantity":qty(s) if s else "0"})
    lines.append(frame("l2_data",[{"type":"update","product_id":"BTC-USD","updates":us}]))
open("coinbase-advanced_docs-shaped_BTC-USD.jsonl","w").write("\n".join(lines)+"\n")
tb=sorted(bids.items(),reverse=True)[:3]; ta=sorted(asks.items())[:3]
print("coinbase frames",len(lines),"levels",len(bids),len(asks))
print("bids",[px(p)+"×"+qty(s) for p,s in tb]); print("asks",[px(p)+"×"+qty(s) for p,s in ta])
# ---------- Bybit v5, documented shapes ----------
lines=[]
bids={}; asks={}
mid=650000  # tenths of a dollar (tick 0.10)
for i in range(50):
    bids[mid-1-i]=random.randint(1,50000)
    asks[mid+1+i]=random.randint(1,50000)
def bpx(t): return "%d.%d0"%(t//10,t%10)
def bq(s): return "%.3f"%(s/1000)
u=18521288; seq=7961638724
def bframe(typ, b, a):
    global seq
    seq+=random.randint(1,20)
    return json.dumps({"topic":"orderbook.50.BTCUSDT","type":typ,"ts":1764158400000+u,"data":{"s":"BTCUSDT","b":b,"a":a,"u":u,"seq":seq},"cts":1764158400000+u-2},separators=(',',':'))
lines.append(json.dumps({"success":True,"ret_msg":"","conn_id":"cejreaspqfh3sjdnldmg-p","req_id":"sub-1","op":"subscribe"},separators=(',',':')))
lines.append(bframe("snapshot",[[bpx(p),bq(s)] for p,s in sorted(bids.items(),reverse=True)],[[bpx(p),bq(s)] for p,s in sorted(asks.items())]))
for k in range(60):
    if k%15==7:
        lines.append(json.dumps({"topic":"publicTrade.BTCUSDT","type":"snapshot","ts":1764158400000+k,"data":[
            {"T":1764158400000+k,"s":"BTCUSDT","S":"Buy","v":"0.001","p":bpx(min(asks)),"L":"PlusTick","i":"20f43950-d8dd-5b31-9112-a178eb60%04d"%k,"BT":False},
            {"T":1764158400000+k,"s":"BTCUSDT","S":"Sell","v":"0.250","p":bpx(max(bids)),"L":"MinusTick","i":"30f43950-d8dd-5b31-9112-a178eb60%04d"%k,"BT":False}]},separators=(',',':')))
        continue
    u+=1
    b=[];a=[]
    for j in range(random.randint(1,4)):
        side=random.choice("ba"); book=bids if side=="b" else asks
        if random.random()<0.3 and len(book)>40:
            p=random.choice(list(book)); del book[p]; s=0
        else:
            base=max(bids) if side=="b" else min(asks)
            p=base-random.randint(0,4) if side=="b" else base+random.randint(0,4)
            if side=="b" and p>=min(asks): p=min(asks)-1
            if side=="a" and p<=max(bids): p=max(bids)+1
            s=random.randint(1,50000); book[p]=s
        (b if side=="b" else a).append([bpx(p),bq(s) if s else "0"])
    # Bybit deletes at the depth edge itself: keep 50 a side
    while len(bids)>50:
        p=min(bids); del bids[p]; b.append([bpx(p),"0"])
    while len(asks)>50:
        p=max(asks); del asks[p]; a.append([bpx(p),"0"])
    lines.append(bframe("delta",b,a))
open("bybit-v5_docs-shaped_BTCUSDT_orderbook50.jsonl","w").write("\n".join(lines)+"\n")
tb=sorted(bids.items(),reverse=True)[:3]; ta=sorted(asks.items())[:3]
print("bybit frames",len(lines),"final u",u,"levels",len(bids),len(asks))
print("bids",[bpx(p)+"×"+bq(s) for p,s in tb]); print("asks",[bpx(p)+"×"+bq(s) for p,s in ta])
# ---------- REST bodies, documented shapes (each section its own seeded generator, so the ----------
# ---------- frames above stay byte for byte what they were) ----------
def dump(name, body):
    open(name,"w").write(json.dumps(body,separators=(',',':'))+"\n")
    print("wrote",name)
# Coinbase Advanced Trade public products: GET /api/v3/brokerage/market/products
def cb_product(pid, base, quote, price_inc, base_inc, base_min, product_type="SPOT", future=None):
    p={"product_id":pid,"price":"0","price_percentage_change_24h":"0","volume_24h":"0","volume_percentage_change_24h":"0",
       "base_increment":base_inc,"quote_increment":price_inc,"quote_min_size":"1","quote_max_size":"150000000",
       "base_min_size":base_min,"base_max_size":"3400","base_name":"","quote_name":"","watched":False,"is_disabled":False,
       "new":False,"status":"online","cancel_only":False,"limit_only":False,"post_only":False,"trading_disabled":False,
       "auction_mode":False,"product_type":product_type,"quote_currency_id":quote,"base_currency_id":base,
       "mid_market_price":"","alias":"","alias_to":[],"base_display_symbol":base,"quote_display_symbol":quote,
       "view_only":False,"price_increment":price_inc,"display_name":pid,"product_venue":"CBE"}
    if future: p["future_product_details"]=future; p["product_venue"]="FCM"
    return p
products=[cb_product("BTC-USD","BTC","USD","0.01","0.00000001","0.00000001"),
          cb_product("ETH-USDC","ETH","USDC","0.01","0.00000001","0.00000001"),
          cb_product("SHIB-USD","SHIB","USD","0.00000001","1","1"),
          cb_product("BIT-26DEC25-CDE","","USD","5","1","1","FUTURE",
                     {"venue":"cde","contract_code":"BIT","contract_expiry":"2025-12-26T16:00:00Z","contract_size":"0.01",
                      "contract_root_unit":"BTC","group_description":"Nano Bitcoin Futures","contract_expiry_timezone":"Europe/London",
                      "group_short_description":"Nano BTC","risk_managed_by":"MANAGED_BY_FCM","contract_expiry_type":"EXPIRING",
                      "contract_display_name":"BTC 26 DEC 25"})]
products[0]["alias_to"]=["BTC-USDC"]
dump("coinbase-advanced_docs-shaped_rest-products.json",{"products":products,"num_products":len(products)})
# Bybit v5: GET /v5/market/instruments-info?category=spot|linear|inverse
def by_body(category, rows):
    return {"retCode":0,"retMsg":"OK","result":{"category":category,"list":rows,"nextPageCursor":""},"retExtInfo":{},"time":1764158400000}
def by_deriv(symbol, ctype, base, quote, settle, tick, step, minq, delivery="0"):
    return {"symbol":symbol,"contractType":ctype,"status":"Trading","baseCoin":base,"quoteCoin":quote,
            "launchTime":"1585526400000","deliveryTime":delivery,"deliveryFeeRate":"","priceScale":str(len(tick.split(".")[1]) if "." in tick else 0),
            "leverageFilter":{"minLeverage":"1","maxLeverage":"100.00","leverageStep":"0.01"},
            "priceFilter":{"minPrice":tick,"maxPrice":"1999999.80","tickSize":tick},
            "lotSizeFilter":{"maxOrderQty":"1190.000","maxMktOrderQty":"500.000","minOrderQty":minq,"qtyStep":step,
                             "postOnlyMaxOrderQty":"1190.000","minNotionalValue":"5"},
            "unifiedMarginTrade":True,"fundingInterval":480,"settleCoin":settle,"copyTrading":"both",
            "upperFundingRate":"0.00375","lowerFundingRate":"-0.00375","isPreListing":False,"preListingInfo":None}
dump("bybit-v5_docs-shaped_rest-instruments-info-spot.json",by_body("spot",[
    {"symbol":"BTCUSDT","baseCoin":"BTC","quoteCoin":"USDT","innovation":"0","status":"Trading","marginTrading":"utaOnly","stTag":"0",
     "lotSizeFilter":{"basePrecision":"0.000001","quotePrecision":"0.00000001","minOrderQty":"0.000048","maxOrderQty":"71.73956243","minOrderAmt":"1","maxOrderAmt":"2000000"},
     "priceFilter":{"tickSize":"0.01"}},
    {"symbol":"ETHUSDC","baseCoin":"ETH","quoteCoin":"USDC","innovation":"0","status":"Trading","marginTrading":"utaOnly","stTag":"0",
     "lotSizeFilter":{"basePrecision":"0.00001","quotePrecision":"0.0000001","minOrderQty":"0.00062","maxOrderQty":"1229.2336343","minOrderAmt":"1","maxOrderAmt":"2000000"},
     "priceFilter":{"tickSize":"0.01"}}]))
dump("bybit-v5_docs-shaped_rest-instruments-info-linear.json",by_body("linear",[
    by_deriv("BTCUSDT","LinearPerpetual","BTC","USDT","USDT","0.10","0.001","0.001"),
    by_deriv("BTC-26DEC25","LinearFutures","BTC","USDC","USDC","0.50","0.001","0.001","1766736000000")]))
dump("bybit-v5_docs-shaped_rest-instruments-info-inverse.json",by_body("inverse",[
    by_deriv("BTCUSD","InversePerpetual","BTC","USD","BTC","0.50","1","1"),
    by_deriv("BTCUSDZ25","InverseFutures","BTC","USD","BTC","0.50","1","1","1766736000000")]))
# ---------- candles: a seeded walk, every bar low <= open, close <= high ----------
def walk(rng, n, start, step_ticks, tick_scale):
    bars=[]; price=start
    for i in range(n):
        o=price; c=o+rng.randint(-step_ticks,step_ticks)
        h=max(o,c)+rng.randint(0,step_ticks); l=min(o,c)-rng.randint(0,step_ticks)
        bars.append((o,h,l,c)); price=c
    return bars
def fmt(ticks, scale, strip=False):
    s=("%d"%ticks) if scale==0 else "%d.%0*d"%(ticks//10**scale, scale, ticks%10**scale)
    if strip and "." in s: s=s.rstrip("0").rstrip(".")
    return s
rng=random.Random(27001)
# Kraken GET /0/public/OHLC?pair=XBTUSD&interval=1: [time s, open, high, low, close, vwap, volume, count], oldest first
t0=1764158400
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,5,965000,30,1)):
    v=rng.randint(1,900000000)
    rows.append([t0+60*i,fmt(o,1),fmt(h,1),fmt(l,1),fmt(c,1),fmt((o+c)//2,1),fmt(v,8),rng.randint(1,90)])
dump("kraken_docs-shaped_rest-OHLC.json",{"error":[],"result":{"XXBTZUSD":rows,"last":t0+60*4}})
# Binance spot GET /api/v3/klines?symbol=LRCBTC&interval=1m, oldest first. The last row is the
# real LRCBTC 1m kline of binance-spot_2021-10-12_LRCBTC_ws-combined.jsonl (its k object's t, o, h,
# l, c, v, T, q, n, V, Q, B), written in the REST row's order; the two before it are made here.
real=[1633998480000,"0.00000638","0.00000638","0.00000638","0.00000638","177.00000000",1633998539999,"0.00112926",1,"177.00000000","0.00112926","0"]
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,2,638,1,0)):
    t=1633998480000-60000*(2-i); v=rng.randint(1,90000)
    rows.append([t,fmt(o,8),fmt(h,8),fmt(l,8),fmt(c,8),fmt(v*10**8,8),t+59999,fmt(v*(o+c)//2,8),rng.randint(1,9),fmt(v*10**8//2,8),fmt(v*(o+c)//4,8),"0"])
dump("binance-spot_docs-shaped_rest-klines.json",rows+[real])
# Binance USDⓈ-M GET /fapi/v1/klines?symbol=BTCUSDT&interval=1m, oldest first
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,4,6180010,300,2)):
    t=1723161240000+60000*i; v=rng.randint(1,900000)
    rows.append([t,fmt(o,2),fmt(h,2),fmt(l,2),fmt(c,2),fmt(v,3),t+59999,fmt(v*o//1000,5),rng.randint(10,900),fmt(v//2,3),fmt(v*o//2000,5),"0"])
dump("binance-usdm_docs-shaped_rest-klines.json",rows)
# Coinbase GET /api/v3/brokerage/market/products/BTC-USD/candles?granularity=ONE_MINUTE, newest first
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,4,9650000,500,2)):
    rows.append({"start":str(t0+60*i),"low":fmt(l,2),"high":fmt(h,2),"open":fmt(o,2),"close":fmt(c,2),"volume":fmt(rng.randint(1,9*10**9),8)})
dump("coinbase-advanced_docs-shaped_rest-candles.json",{"candles":rows[::-1]})
# Bybit GET /v5/market/kline?category=inverse&symbol=BTCUSD&interval=1: [start ms, open, high, low,
# close, volume (contracts of 1 USD), turnover (BTC)], newest first, numbers without trailing zeros
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,4,965000,20,1)):
    v=rng.randint(1,900000)
    rows.append([str((t0+60*i)*1000),fmt(o,1,True),fmt(h,1,True),fmt(l,1,True),fmt(c,1,True),str(v),"%.8f"%(v/((o+c)/20))])
dump("bybit-v5_docs-shaped_rest-kline.json",{"retCode":0,"retMsg":"OK","result":{"symbol":"BTCUSD","category":"inverse","list":rows[::-1]},"retExtInfo":{},"time":1764158700000})
# OKX GET /api/v5/market/candles?instId=BTC-USDT-SWAP&bar=1m: [ts, o, h, l, c, vol (contracts),
# volCcy (BTC), volCcyQuote (USDT), confirm], newest first, the newest still forming
rows=[]
for i,(o,h,l,c) in enumerate(walk(rng,4,650001,20,1)):
    v=rng.randint(1,90000)
    rows.append([str((t0+60*i)*1000),fmt(o,1),fmt(h,1),fmt(l,1),fmt(c,1),str(v),fmt(v,2),"%.1f"%(v/100*o/10),"1"])
rows[-1][8]="0"
dump("okx-v5_docs-shaped_rest-candles.json",{"code":"0","msg":"","data":rows[::-1]})
