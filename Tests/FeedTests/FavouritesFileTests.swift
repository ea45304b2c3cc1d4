import Binance
import Bybit
import Coinbase
import Feed
import Files
import Foundation
import Kraken
import MarketModel
import OKX
import Testing
import VenueCore

/// The favourites file: one `venue:SYMBOL` a line, written atomically, read back in order.
@Suite struct FavouritesFileTests {
  @Test func savesAndLoadsInTheUsersOrder() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tradeterm-fav-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FavouritesFile(path: directory.path + "/state/tradeterm/favourites")
    #expect(file.load().isEmpty, "a missing file is no favourites")
    let ids: [InstrumentID] = [.bitmex("SOLUSDT"), .bitmex("XBTUSD"), .bitmex("ETHUSDTZ26")]
    #expect(file.save(ids) == nil)
    #expect(file.load() == ids)
    #expect(
      try String(contentsOfFile: file.path, encoding: .utf8)
        == "bitmex:SOLUSDT\nbitmex:XBTUSD\nbitmex:ETHUSDTZ26\n")
    #expect(file.save([.bitmex("XBTUSD")]) == nil)
    #expect(file.load() == [.bitmex("XBTUSD")])
    // No temp file is left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/state/tradeterm")
    #expect(left == ["favourites"])
  }

  @Test func parseSkipsWhatItCannotRead() {
    let text = "bitmex:XBTUSD\n\n1nasdaq:XBTUSD\nnonsense\nbitmex:XBTUSD\r\nKRAKEN:BTC/USD\nbitmex:ETHUSD"
    #expect(FavouritesFile.parse(text) == [.bitmex("XBTUSD"), .bitmex("ETHUSD")])
  }

  /// A favourite of a venue this tradeterm does not register (a later one's) is kept as it is,
  /// so that saving the list again does not lose it.
  @Test func aFavouriteOfAnUnregisteredVenueIsKept() throws {
    let nasdaq = try #require(Venue(name: "nasdaq"))
    #expect(
      FavouritesFile.parse("nasdaq:AAPL\nbitmex:XBTUSD") == [
        .init(venue: nasdaq, symbol: "AAPL"), .bitmex("XBTUSD"),
      ])
  }

  /// Issue 25/27: favourites work across venues. A starred Kraken pair is kept with its venue
  /// (it was written `bitmex:BTC/USD`, and read back as BitMEX's), and merged as itself.
  @Test func eachFavouriteKeepsItsVenue() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = FavouritesFile(path: root + "/favourites")
    let ids: [InstrumentID] = [
      InstrumentID(venue: .kraken, symbol: "BTC/USD"), .bitmex("XBTUSD"),
      InstrumentID(venue: .okx, symbol: "BTC-USDT"),
      InstrumentID(venue: .bybitLinear, symbol: "BTCUSDT"), InstrumentID(venue: .binance, symbol: "BTCUSDT"),
    ]
    #expect(file.save(ids) == nil)
    #expect(
      try String(contentsOfFile: file.path, encoding: .utf8)
        == "kraken:BTC/USD\nbitmex:XBTUSD\nokx:BTC-USDT\nbybit-linear:BTCUSDT\nbinance:BTCUSDT\n")
    #expect(try file.read().get() == ids)
    let coinbase = InstrumentID(venue: .coinbase, symbol: "ETH-USD")
    #expect(
      try file.merge(ids.dropFirst() + [coinbase], since: ids).get() == Array(ids.dropFirst()) + [coinbase])
    #expect(file.load() == Array(ids.dropFirst()) + [coinbase])
  }
  static func scratch() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tradeterm-fav-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
  }

  /// A symbol from the server with a newline or an escape sequence in it is stored escaped: it
  /// reads back as itself, adds no favourite of its own, and the file holds no control byte.
  @Test func hostileSymbolsAreStoredEscaped() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = FavouritesFile(path: root + "/favourites")
    let ids: [InstrumentID] = [
      .bitmex("XBTUSD"), .bitmex("X\nbitmex:EVIL"), .bitmex("\u{1b}]0;pwn\u{7}"), .bitmex("A%0AB"),
      .bitmex("ÉTH USD"),
    ]
    #expect(file.save(ids) == nil)
    #expect(file.load() == ids)
    let bytes = try #require(Files.readAll(file.path))
    #expect(
      bytes.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) },
      "\(String(decoding: bytes, as: UTF8.self))")
    #expect(bytes.filter { $0 == 0x0A }.count == ids.count, "one line a favourite")
  }

  /// Two tradeterms starring at once keep each other's stars: each save applies only its own
  /// changes to the file as it is now.
  @Test func twoProcessesMergeTheirStars() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = FavouritesFile(path: root + "/state/favourites")
    #expect(file.save([.bitmex("XBTUSD")]) == nil)
    // Both start with XBTUSD.
    var a = file.load()
    var b = file.load()
    var baseA = a
    var baseB = b
    a.append(.bitmex("ETHUSD"))
    baseA = try file.merge(a, since: baseA).get()
    #expect(baseA == [.bitmex("XBTUSD"), .bitmex("ETHUSD")])
    b.append(.bitmex("SOLUSDT"))
    baseB = try file.merge(b, since: baseB).get()
    #expect(baseB == [.bitmex("XBTUSD"), .bitmex("ETHUSD"), .bitmex("SOLUSDT")], "A's star kept")
    // A removes XBTUSD: B's SOLUSDT stays.
    a = baseA.filter { $0 != .bitmex("XBTUSD") }
    baseA = try file.merge(a, since: baseA).get()
    #expect(file.load() == [.bitmex("ETHUSD"), .bitmex("SOLUSDT")])
    _ = baseB
  }

  /// A file that cannot be used is said: a FIFO or a device is refused at once (it neither
  /// hangs nor fills memory), and a save that cannot be made says why.
  @Test func aFileThatCannotBeUsedIsSaid() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    Files.makeDirectories(root, mode: 0o700)
    let fifo = FavouritesFile(path: root + "/favourites")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: Files.Refusal.self) { try fifo.read().get() }
    if case .failure(let refusal) = fifo.read() {
      #expect(refusal.words.hasSuffix("not a regular file (a FIFO)"))
    }
    #expect(throws: Files.Refusal.self) { try fifo.merge([.bitmex("XBTUSD")], since: []).get() }
    if case .failure(let refusal) = FavouritesFile(path: "/dev/zero").read() {
      #expect(refusal.words == "/dev/zero: not a regular file (a character device)")
    } else {
      Issue.record("/dev/zero was read as a favourites file")
    }
    let blocked = FavouritesFile(path: root + "/a-file/favourites")
    #expect(Files.replace(root + "/a-file", with: "x") == nil)
    #expect(throws: Files.Refusal.self) { try blocked.merge([.bitmex("XBTUSD")], since: []).get() }
  }
}
