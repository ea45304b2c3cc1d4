import Foundation
import MarketModel
import Testing

@testable import ExchangeSim

/// Replay of recorded sessions.
@Suite struct ReplayTests {
  /// The README of the fixtures states the book at the end of this stream.
  @Test func solusdtFixtureAtFullSpeedEndsWithClose1000() throws {
    let path = SimTest.fixture("2021-07-22_orderBookL2_SOLUSDT_replay.jsonl")
    var config = SimTest.config()
    config.replay = SimReplay(path: path, speed: 0)
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2:SOLUSDT"]}"#)
      #expect(try ws.expectJSON()["subscribe"] as? String == "orderBookL2:SOLUSDT")
      var client = ClientBook(symbol: "SOLUSDT")
      var frames = 0
      var close: TestWebSocket.Frame?
      while close == nil {
        let frame = try ws.expectFrame()
        if frame.isClose {
          close = frame
        } else {
          try client.apply(frame)
          frames += 1
        }
      }
      #expect(close?.closeCode == 1000)
      try ws.sendClose(code: 1000)
      #expect(try ws.socket.waitForEOF(until: Date(timeIntervalSinceNow: 3)))
      #expect(frames == 142)
      #expect(client.faults.isEmpty)
      #expect(client.state.book.count(.buy) == 143)
      #expect(client.state.book.count(.sell) == 60)
      #expect(
        client.state.book.top(.buy, 5) == [
          PriceLevel(price: 27.47, size: 894), PriceLevel(price: 27.461, size: 64),
          PriceLevel(price: 27.456, size: 1245), PriceLevel(price: 27.455, size: 1),
          PriceLevel(price: 27.449, size: 87),
        ])
      #expect(
        client.state.book.top(.sell, 5) == [
          PriceLevel(price: 27.503, size: 1), PriceLevel(price: 27.511, size: 400),
          PriceLevel(price: 27.517, size: 336), PriceLevel(price: 27.518, size: 1401),
          PriceLevel(price: 27.536, size: 406),
        ])
      #expect(sim.stats.replaysFinished == 1)
    }
  }

  /// The recorder's format: `<unix seconds> <frame>`; recorded control frames are skipped,
  /// the pacing is kept (scaled by the speed).
  @Test func recorderFormatKeepsItsPacing() throws {
    let lines = [
      #"1700000000.000000 {"info":"Welcome to the BitMEX Realtime API.","version":"2.0.0"}"#,
      #"1700000000.100000 {"success":true,"subscribe":"trade:XBTUSD","request":{"op":"subscribe"}}"#,
      #"1700000000.200000 {"table":"trade","action":"partial","keys":[],"data":[]}"#,
      #"1700000000.400000 {"table":"trade","action":"insert","data":[]}"#,
      #"1700000000.600000 {"table":"quote","action":"insert","data":[]}"#,
    ]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sim-replay-\(UUID().uuidString).rec")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    var config = SimTest.config()
    config.replay = SimReplay(path: url.path, speed: 2)
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["trade:XBTUSD"]}"#)
      #expect(try ws.expectJSON()["success"] as? Bool == true)
      let start = Date()
      var texts: [String] = []
      var arrivals: [Double] = []
      while true {
        let frame = try ws.expectFrame()
        if frame.isClose {
          #expect(frame.closeCode == 1000)
          break
        }
        texts.append(frame.text)
        arrivals.append(Date().timeIntervalSince(start))
      }
      #expect(texts == lines.suffix(3).map { String($0.split(separator: " ", maxSplits: 1)[1]) })
      // 0.4 s of recording at speed 2: about 0.2 s from the first frame to the last.
      let span = arrivals.last! - arrivals.first!
      #expect(span > 0.15 && span < 1.5, "span \(span)")
    }
  }

  /// The frames a replay of `path` serves at full speed, to the close.
  static func served(_ path: String) throws -> [String] {
    var config = SimTest.config()
    config.replay = SimReplay(path: path, speed: 0)
    return try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2:XBTUSD"]}"#)
      _ = try ws.expectJSON()
      var texts: [String] = []
      while true {
        let frame = try ws.expectFrame()
        if frame.isClose { break }
        texts.append(frame.text)
      }
      return texts
    }
  }

  /// A `.gz` recording is served inflated, frame for frame as the plain file (it was served as
  /// its compressed bytes).
  @Test func aGzipRecordingServesTheFramesOfThePlainFile() throws {
    let plain = SimTest.fixture("2021-07-22_session_full.jsonl")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain)))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sim-replay-\(UUID().uuidString).jsonl.gz")
    try Data(Gzip.stored(bytes)).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let expected = try Self.served(plain)
    #expect(expected.count > 2_000)
    #expect(expected.first?.hasPrefix(#"{"table":"#) == true)
    let got = try Self.served(url.path)
    #expect(got.count == expected.count)
    #expect(got == expected)
  }

  @Test func unreadableReplayFileFailsToStart() {
    var config = SimTest.config()
    config.replay = SimReplay(path: "/nonexistent/replay.jsonl")
    let sim = ExchangeSim(config)
    #expect(throws: SimError.self) { try sim.start() }
  }
}
