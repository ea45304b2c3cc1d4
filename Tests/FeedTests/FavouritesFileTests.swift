import Feed
import Foundation
import MarketModel
import Testing

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
    let text = "bitmex:XBTUSD\n\nkraken:XBTUSD\nnonsense\nbitmex:XBTUSD\r\nbitmex:ETHUSD"
    #expect(FavouritesFile.parse(text) == [.bitmex("XBTUSD"), .bitmex("ETHUSD")])
  }
}
