import Foundation
import Seeding
import Testing

@testable import ExchangeSim

/// The gzip body of the `active=gzip` fault is real gzip: `gzip -d` gives back the bytes.
@Suite struct GzipTests {
  @Test(arguments: [0, 1, 100, 65_535, 65_536, 200_000])
  func storedGzipInflatesToTheBytes(count: Int) throws {
    var random = SimRandom(seed: UInt64(count) + 1)
    let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-gz-\(UUID().uuidString).gz")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(Gzip.stored(bytes)).write(to: url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "seed \(count + 1)")
    #expect(Array(out) == bytes, "seed \(count + 1)")
  }

  @Test func crc32OfAKnownString() {
    #expect(Gzip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }
}
