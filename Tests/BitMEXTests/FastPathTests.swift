import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Bytes that sit at the edges of the classes the word tricks test for.
private let awkwardBytes: [UInt8] = [
  0x00, 0x09, 0x20, 0x22, 0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x54, 0x5A, 0x5C,
  0x60, 0x61, 0x66, 0x67, 0x74, 0x7A, 0x7F, 0x80, 0xB0, 0xC6, 0xE1, 0xFF,
]

/// The word-at-a-time readers agree with the byte-at-a-time ones on every input.
@Suite struct FastPathTests {
  private func matchIDs(_ bytes: [UInt8]) -> (fast: MatchID, slow: MatchID) {
    bytes.withUnsafeBufferPointer { b in
      let p = b.baseAddress!
      return (
        BitMEXDecoder.matchID(p, count: b.count, hasEscapes: false),
        BitMEXDecoder.matchIDGeneral(p, count: b.count, hasEscapes: false)
      )
    }
  }

  private func millis(_ bytes: [UInt8]) -> (fast: Int64?, slow: Int64?) {
    bytes.withUnsafeBufferPointer { b in
      (
        ISOTime.parseMillis(b.baseAddress!, count: b.count),
        ISOTime.parseMillisGeneral(b.baseAddress!, count: b.count)
      )
    }
  }

  @Test func eightHexDigitsMatchesEachByte() {
    for lane in 0..<8 {
      for byte in 0...255 {
        var bytes = Array("0f9aF5c7".utf8)
        bytes[lane] = UInt8(byte)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        var expected: UInt64? = 0
        for b in bytes {
          guard let v = JSONScanner.hexValue(b), let e = expected else {
            expected = nil
            break
          }
          expected = e << 4 | UInt64(v)
        }
        #expect(FixedLayouts.eightHexDigits(word) == expected, "lane \(lane) byte \(byte)")
      }
    }
  }

  @Test(arguments: [UInt64(7), 8])
  func guidsAgreeWithTheGeneralReader(seed: UInt64) {
    var mix = SimRandom(seed: seed)
    let hex = Array("0123456789abcdefABCDEF".utf8)
    for round in 0..<200 {
      var guid: [UInt8] = []
      for i in 0..<36 {
        guid.append([8, 13, 18, 23].contains(i) ? UInt8(ascii: "-") : hex[Int(mix.next() % 22)])
      }
      let (fast, slow) = matchIDs(guid)
      #expect(fast == slow && fast.high != 1, "\(String(decoding: guid, as: UTF8.self)), seed \(seed)")
      // Every byte replaced by an awkward one, in a few of the rounds.
      guard round < 8 else { continue }
      for i in 0..<36 {
        for b in awkwardBytes {
          var bad = guid
          bad[i] = b
          let (f, s) = matchIDs(bad)
          #expect(f == s, "\(i) \(b), seed \(seed)")
        }
      }
    }
    // Other lengths and layouts go the general way.
    for text in [
      "00000000-006d-1000-0000-000a1b2c3d4e", "00000000006d10000000000a1b2c3d4e",
      "0000000-0006d-1000-0000-000a1b2c3d4e", "00000000-006d-1000-0000-000a1b2c3d4e0", "abc", "",
    ] {
      let (f, s) = matchIDs(Array(text.utf8))
      #expect(f == s, "\(text)")
    }
  }

  @Test(arguments: [UInt64(11), 12])
  func timestampsAgreeWithTheGeneralReader(seed: UInt64) {
    var mix = SimRandom(seed: seed)
    func two(_ v: UInt64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    for round in 0..<400 {
      // Fields slightly past their ranges too, to exercise the range checks.
      let year = 1960 + mix.next() % 140
      let month = mix.next() % 14
      let day = mix.next() % 33
      let hour = mix.next() % 25
      let minute = mix.next() % 61
      let second = mix.next() % 62
      let ms = mix.next() % 1000
      let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
      let text = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second)).\(msText)Z"
      let bytes = Array(text.utf8)
      #expect(bytes.count == 24, "\(text), seed \(seed)")
      let (fast, slow) = millis(bytes)
      #expect(fast == slow, "\(text), seed \(seed)")
      guard round < 10 else { continue }
      for i in 0..<24 {
        for b in awkwardBytes + Array("tzT Z+".utf8) {
          var bad = bytes
          bad[i] = b
          let (f, s) = millis(bad)
          #expect(f == s, "\(String(decoding: bad, as: UTF8.self)), seed \(seed)")
        }
      }
    }
    for text in ["2024-11-24T08:15:38.704Z", "2024-11-24t08:15:38.704z", "2024-11-24 08:15:38.704Z"] {
      let (f, s) = millis(Array(text.utf8))
      #expect(f == s && f != nil, "\(text)")
    }
  }

  @Test func wholeNumbersOfEveryLengthAndEnding() throws {
    for digits in 1...20 {
      let text = String("98765432109876543210".prefix(digits))
      for sign in ["", "-"] {
        for ending in [",", "}", "]", " ", "\"", ".0,", ".5,", "e2,", "E+1,", "x"] {
          for padding in 0...10 {
            let bytes = Array((sign + text + ending + String(repeating: "}", count: padding)).utf8)
            let result: Result<(Int64, Int), DecodeError> = bytes.withUnsafeBufferPointer { b in
              var s = JSONScanner(b.baseAddress!, count: b.count)
              do throws(DecodeError) {
                let v = try s.readInt64()
                return .success((v, s.pos))
              } catch {
                return .failure(error)
              }
            }
            let label = "\(sign)\(text)\(ending) +\(padding)"
            switch ending {
            case ".5,":
              // Never whole, however many digits come before the half.
              #expect(throws: DecodeError.self, "\(label)") { try result.get() }
            case ".0,", "e2,", "E+1,":
              // Whole values through the general reader, exactly; long ones may exceed Int64.
              let zeros = ending == "e2," ? "00" : ending == "E+1," ? "0" : ""
              if let exact = Int64(sign + text + zeros) {
                let (v, pos) = try result.get()
                #expect(v == exact, "\(label)")
                #expect(pos == sign.count + text.count + ending.count - 1, "\(label)")
              } else {
                #expect(throws: DecodeError.self, "\(label)") { try result.get() }
              }
            default:
              guard digits <= 18 || Double(text)! < 9.2e18 else {
                #expect(throws: DecodeError.self, "\(label)") { try result.get() }
                continue
              }
              let (v, pos) = try result.get()
              if digits <= 15 {
                #expect(v == Int64(sign + text)!, "\(label)")
              } else {
                // Past 18 digits the value comes through a Double.
                #expect(digits > 18 || v == Int64(sign + text)!, "\(label)")
              }
              #expect(pos == sign.count + text.count, "\(label)")
            }
          }
        }
      }
    }
    // Spelled any way JSON allows, judged by the digits as written (not through a Double).
    let spellings: [(String, Int64?)] = [
      ("100.0,", 100), ("1e3,", 1_000), ("1.5e1,", 15), ("150e-1,", 15), ("1.25e1,", nil), ("-0.0,", 0),
      ("0e99999,", 0), ("1e19,", nil), ("9007199254740993.0,", 9_007_199_254_740_993),
      ("4503599627370495.9,", nil), ("9876543210987654.5,", nil), ("9223372036854775807.0,", .max),
      ("9223372036854775808.0,", nil), ("12.30e1,", 123), ("5e-1,", nil),
    ]
    for (text, expected) in spellings {
      let bytes = Array(text.utf8)
      let value = bytes.withUnsafeBufferPointer { b -> Int64? in
        var s = JSONScanner(b.baseAddress!, count: b.count)
        return try? s.readInt64()
      }
      #expect(value == expected, "\(text)")
    }
    // A leading zero is refused at any length.
    for text in ["00,", "01234567,", "012345678901,", "-0123,"] {
      #expect(throws: DecodeError.self, "\(text)") {
        try Array(text.utf8).withUnsafeBufferPointer { b throws(DecodeError) in
          var s = JSONScanner(b.baseAddress!, count: b.count)
          _ = try s.readInt64()
        }
      }
    }
  }

  /// The usual trade row, and the same row with its keys rotated, white space added,
  /// unknown keys, and values spelled the unusual ways: the same trade every time.
  @Test func tradeRowsDecodeAlikeWhateverTheirShape() throws {
    let fields = [
      #""timestamp":"2024-11-24T08:15:38.704Z""#, #""symbol":"XBTUSD""#, #""side":"Buy""#,
      #""size":100"#, #""price":98459.5"#, #""tickDirection":"ZeroPlusTick""#,
      #""trdMatchID":"00000000-006d-1000-0000-000a1b2c3d4e""#, #""grossValue":101450"#,
      #""homeNotional":0.0010145"#, #""foreignNotional":100.0"#, #""trdType":"Regular""#,
    ]
    let expected = Trade(
      timeMs: ISOTime.parseMillis("2024-11-24T08:15:38.704Z")!, symbol: "XBTUSD", side: .buy, size: 100,
      price: 98459.5, tickDirection: .zeroPlusTick,
      matchID: MatchID(high: 0x0000_0000_006d_1000, low: 0x0000_000a_1b2c_3d4e))
    for rotation in 0..<fields.count {
      let rotated = Array(fields[rotation...] + fields[..<rotation])
      for spaced in [false, true] {
        let body =
          spaced
          ? rotated.map { $0.replacingOccurrences(of: "\":", with: "\" : ") }.joined(separator: " ,\n")
          : rotated.joined(separator: ",")
        for extra in ["", #","unknownKey":{"a":[1,2,null]}"#] {
          let message = #"{"table":"trade","action":"insert","data":[{"# + body + extra + "}]}"
          let batch = try decodeOne(message)
          #expect(batch.trades == [expected], "\(message)")
        }
      }
    }
    for (text, tick) in [
      ("PlusTick", TickDirection.plusTick), ("MinusTick", .minusTick), ("ZeroMinusTick", .zeroMinusTick),
      ("ZeroPlusTick", .zeroPlusTick), ("Other", nil),
    ] {
      let message =
        #"{"table":"trade","action":"insert","data":[{"timestamp":"2024-11-24T08:15:38.704Z","symbol":"XBTUSD","price":1,"tickDirection":"\#(text)","trdMatchID":null}]}"#
      #expect(try decodeOne(message).trades.first?.tickDirection == tick, "\(text)")
    }
    // A malformed value after a known key is still an error, with nothing left behind.
    for bad in [#""grossValue":01"#, #""homeNotional":1.e5"#, #""trdType":"a"#, #""trdMatchID":12"#] {
      let message =
        #"{"table":"trade","action":"insert","data":[{"timestamp":"2024-11-24T08:15:38.704Z","symbol":"XBTUSD","price":1,"#
        + bad + "}]}"
      var decoder = BitMEXDecoder()
      var batch = MarketBatch()
      #expect(throws: DecodeError.self, "\(bad)") { try decoder.decode(message, into: &batch) }
      #expect(batch.trades.isEmpty && batch.events.isEmpty)
    }
  }

  /// The usual order-book row (read key after key where the usual row has its keys), and the same
  /// row rotated, spaced, cut short, with unknown or repeated keys, and timestamps of every
  /// shape: the same rows as the general loop reads, and the same errors.
  @Test func bookRowsDecodeAlikeWhateverTheirShape() throws {
    let fields = [
      #""symbol":"XBTUSD""#, #""id":62400125467"#, #""side":"Sell""#, #""size":24200"#,
      #""price":98484.6"#, #""timestamp":"2024-11-24T08:26:22.356Z""#,
      #""transactTime":"2024-11-24T08:26:22.275Z""#,
    ]
    let expected = BookRow(symbol: "XBTUSD", id: 62_400_125_467, side: .sell, size: 24200, price: 98484.6)
    func rows(_ body: String, action: String = "update") throws(DecodeError) -> [BookRow] {
      // Two rows: the second meets the symbol the first taught the decoder.
      let message =
        #"{"table":"orderBookL2","action":""# + action + #"","data":[{"# + body + "},{" + body + "}]}"
      return try decodeOne(message).bookRows
    }
    for rotation in 0..<fields.count {
      let rotated = Array(fields[rotation...] + fields[..<rotation])
      for spaced in [false, true] {
        let body =
          spaced
          ? rotated.map { $0.replacingOccurrences(of: "\":", with: "\" : ") }.joined(separator: " ,\n")
          : rotated.joined(separator: ",")
        for extra in ["", #","pool":"x""#, #","unknownKey":{"a":[1,2,null]}"#] {
          #expect(try rows(body + extra) == [expected, expected], "\(body + extra)")
        }
      }
    }
    // Cut after each field: the row has what was there (a delete needs no size or price).
    for cut in 3...fields.count {
      let body = fields[..<cut].joined(separator: ",")
      let row = BookRow(
        symbol: "XBTUSD", id: 62_400_125_467, side: .sell, size: cut > 3 ? 24200 : nil,
        price: cut > 4 ? 98484.6 : nil)
      #expect(try rows(body, action: "delete") == [row, row], "\(body)")
    }
    // A key again after the usual ones: the last one counts, as in the general loop.
    #expect(try rows(fields.joined(separator: ",") + #","size":5,"price":1.5"#).first?.size == 5)
    #expect(try rows(fields.joined(separator: ",") + #","size":5,"price":1.5"#).first?.price == 1.5)
    // Nulls where the usual row has values.
    let nulls = try rows(#""symbol":"XBTUSD","id":1,"side":"Buy","size":null,"price":null"#, action: "delete")
    #expect(nulls.first == BookRow(symbol: "XBTUSD", id: 1, side: .buy, size: nil, price: nil))
    // Timestamps of other shapes are skipped the same way; broken ones are errors.
    for time in [
      #""2024-11-24T08:26:22Z""#, #""""#, "null", "1732436782356", #""2024-11-24T08:26:22.3560000Z""#,
      // Escaped quotes where the usual timestamp ends: a longer string, read the general way.
      #""2024-11-24T08:26:22.35\"Z""#, #""2024-11-24T08:26:22.356\"Z""#,
    ] {
      let body = fields[..<5].joined(separator: ",") + #","timestamp":"# + time
      #expect(try rows(body) == [expected, expected], "\(time)")
    }
    for bad in [
      "\"2024-11-24T08:26:22.356\u{01}\"", "\"2024-11-24T08:26:22.3\u{1F}6Z\"", #""2024-11-24T08:26:22.356Z"#,
      #""2024-11-24T08:26:22.356Z"x"#, #"tru"#,
    ] {
      let body = fields[..<5].joined(separator: ",") + #","timestamp":"# + bad
      #expect(throws: DecodeError.self, "\(bad)") { try rows(body) }
    }
    // Malformed values after a usual key are errors, with nothing left behind.
    for bad in [#""id":01"#, #""side":"Both""#, #""size":-1"#, #""price":1.e5"#, #""size":1.5"#] {
      let key = bad.prefix { $0 != ":" }
      let body = fields[..<5].map { $0.hasPrefix(key) ? bad : $0 }.joined(separator: ",")
      var decoder = BitMEXDecoder()
      var batch = MarketBatch()
      #expect(throws: DecodeError.self, "\(bad)") {
        try decoder.decode(
          #"{"table":"orderBookL2","action":"update","data":[{"# + body + "}]}", into: &batch)
      }
      #expect(batch.bookRows.isEmpty && batch.events.isEmpty, "\(bad)")
    }
  }

  /// Decodes a message of `row` twice over, both ways (a space after `{` keeps the one-pass
  /// readers off), and checks the two agree or both refuse; then asks `onePass` itself (the
  /// decoder having met XBTUSD) and checks that what it takes, the general loop reads the same.
  /// Whether `onePass` took the row.
  private func onePassAgrees<Row: Equatable>(
    table: String, action: String, row: String, label: String, _ rows: KeyPath<MarketBatch, [Row]>,
    _ onePass: (BitMEXDecoder, JSONScanner) -> (Row, Int)?
  ) -> Bool {
    func decoded(_ row: Substring) -> Result<[Row], DecodeError> {
      Result { () throws(DecodeError) -> [Row] in
        let message =
          #"{"table":""# + table + #"","action":""# + action + #"","data":["# + row + "," + row + "]}"
        return try decodeOne(message)[keyPath: rows]
      }
    }
    let general = decoded("{ " + row.dropFirst())
    switch (general, decoded(Substring(row))) {
    case (.success(let a), .success(let b)): #expect(a == b, "\(label)")
    case (.failure, .failure): break
    default: Issue.record("one path failed, the other did not: \(label)")
    }
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try? decoder.decode(
      #"{"table":"trade","action":"insert","data":[{"symbol":"XBTUSD","timestamp":"2024-11-24T08:26:22.356Z","price":1}]}"#,
      into: &batch)
    let bytes = Array((row + "]}" + String(repeating: " ", count: 8)).utf8)
    return bytes.withUnsafeBufferPointer { b in
      guard let (fast, end) = onePass(decoder, JSONScanner(b.baseAddress!, count: b.count)) else {
        return false
      }
      #expect(end == row.utf8.count, "\(label)")
      if case .success(let rows) = general {
        #expect(rows.first == fast, "\(label)")
      } else {
        Issue.record("the one-pass reader took a row the general loop refuses: \(label)")
      }
      return true
    }
  }

  /// Random rows near and inside the usual layout: where the one-pass reader takes a row, it
  /// reads what the general loop reads; where it declines, the general loop decides.
  @Test(arguments: [UInt64(41), 42])
  func usualBookRowsAgreeWithTheGeneralLoop(seed: UInt64) throws {
    var mix = SimRandom(seed: seed)
    func digits(_ n: Int) -> String {
      var t = String(mix.next() % 9 + 1)
      for _ in 1..<max(1, n) { t += String(mix.next() % 10) }
      return mix.next() % 20 == 0 ? "0" : t
    }
    var taken = 0
    for round in 0..<4_000 {
      var fields = [#""symbol":"XBTUSD""#, #""id":"# + digits(Int(mix.next() % 17) + 1)]
      fields.append(mix.next() % 2 == 0 ? #""side":"Buy""# : #""side":"Sell""#)
      if mix.next() % 5 != 0 { fields.append(#""size":"# + digits(Int(mix.next() % 9) + 1)) }
      if mix.next() % 5 != 0 {
        var price = digits(Int(mix.next() % 13) + 1)
        let decimals = Int(mix.next() % 10)
        if decimals > 0 { price += "." + (0..<decimals).map { _ in String(mix.next() % 10) }.joined() }
        let oddities = ["", "", "", "", "e1", ".", "-", "0"]
        price += oddities[Int(mix.next() % UInt64(oddities.count))]
        fields.append(#""price":"# + price)
      }
      if mix.next() % 3 != 0 { fields.append(#""timestamp":"2024-11-24T08:26:22.356Z""#) }
      if mix.next() % 3 == 0 { fields.append(#""transactTime":"2024-11-24T08:26:22.275Z""#) }
      if mix.next() % 10 == 0 { fields.swapAt(Int(mix.next() % UInt64(fields.count)), fields.count - 1) }
      let row = "{" + fields.joined(separator: ",") + "}"
      let action = ["partial", "insert", "update", "delete"][Int(mix.next() % 4)]
      let label = "seed \(seed) round \(round): \(action) \(row)"
      let tableAction: TableAction = [
        "partial": .partial, "insert": .insert, "update": .update, "delete": .delete,
      ][action]!
      if onePassAgrees(
        table: "orderBookL2", action: action, row: row, label: label, \.bookRows,
        { d, s in
          d.usualBookRow(s, tableAction).map { ($0.row, $0.end) }
        })
      {
        taken += 1
      }
    }
    #expect(taken > 500, "seed \(seed): the one-pass reader took only \(taken) rows")
  }

  /// Random trade rows near and inside the usual layout read alike by the one-pass reader and
  /// the general loop (or refused by both).
  @Test(arguments: [UInt64(51), 52])
  func usualTradesAgreeWithTheGeneralLoop(seed: UInt64) throws {
    var mix = SimRandom(seed: seed)
    // The usual spelling (the first) most of the time, so that whole usual rows come up too.
    func pick(_ options: [String]) -> String {
      mix.next() % 16 != 0 ? options[0] : options[Int(mix.next() % UInt64(options.count))]
    }
    var taken = 0
    for round in 0..<4_000 {
      var fields = [
        #""timestamp":"#
          + pick([
            #""2024-11-24T08:15:38.704Z""#, #""2024-11-24T08:15:38.70Z""#, #""2024-13-24T08:15:38.704Z""#,
          ]),
        #""symbol":"XBTUSD""#,
        #""side":"# + pick([#""Buy""#, #""Sell""#, "null", #""""#]),
        #""size":"# + pick(["100", "1", "0", "0100", "12345678901234", "1.5", "null", "-3"]),
        #""price":"# + pick(["98459.6", "98459", "0.5", "98459.65", "1e5", "98459.", "-1"]),
        #""tickDirection":"#
          + pick([
            #""ZeroPlusTick""#, #""PlusTick""#, #""MinusTick""#, #""ZeroMinusTick""#, #""Other""#, "null",
          ]),
        #""trdMatchID":"#
          + pick([
            #""00000000-006d-1000-0000-e84280822176""#, #""00000000-006d-1000-0000-e8428082217x""#, "null",
            #""abc""#,
          ]),
        #""grossValue":"# + pick(["101450", "-5", "1.5e3", "01", "1.", "null"]),
        #""homeNotional":"# + pick(["0.0010145", "1E-7", "0", "-0.5", ".5"]),
        #""foreignNotional":"# + pick(["100.0", "100", "1e+2", "1e"]),
        #""trdType":"# + pick([#""Regular""#, #""""#, #""a\"b""#, "null", "\"a\u{1}\""]),
      ]
      if mix.next() % 10 == 0 { fields.swapAt(Int(mix.next() % UInt64(fields.count)), fields.count - 1) }
      if mix.next() % 10 == 0 { fields.removeLast() }
      if mix.next() % 10 == 0 { fields.append(#""price":7"#) }
      let row = "{" + fields.joined(separator: ",") + "}"
      let label = "seed \(seed) round \(round): \(row)"
      if onePassAgrees(
        table: "trade", action: "insert", row: row, label: label, \.trades,
        { d, s in
          d.usualTrade(s).map { ($0.trade, $0.end) }
        })
      {
        taken += 1
      }
    }
    #expect(taken > 400, "seed \(seed): the one-pass reader took only \(taken) rows")
  }

  /// Prices read a word at a time after the point agree with the C library on random prices of
  /// every length.
  @Test(arguments: [UInt64(21), 22])
  func pricesAgreeWithStrtod(seed: UInt64) throws {
    var mix = SimRandom(seed: seed)
    for round in 0..<5_000 {
      let integerDigits = Int(mix.next() % 13) + 1
      let fractionDigits = Int(mix.next() % 10)
      var text = String(mix.next() % 9 + 1)
      for _ in 1..<integerDigits { text += String(mix.next() % 10) }
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += String(mix.next() % 10) }
      }
      if mix.next() % 4 == 0 { text = "-" + text }
      for ending in [",", "}", "e1,"] {
        let bytes = Array((text + ending + "        ").utf8)
        let value = try bytes.withUnsafeBufferPointer { b throws(DecodeError) -> Double in
          var s = JSONScanner(b.baseAddress!, count: b.count)
          return try s.readDouble()
        }
        let exact = Double(text + (ending == "e1," ? "e1" : ""))!
        #expect(value == exact, "seed \(seed) round \(round): \(text)\(ending)")
      }
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
