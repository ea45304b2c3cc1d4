import Foundation

/// Test fixtures from `Tests/Fixtures` (copies of recorded BitMEX frames; see its README).
public enum Fixture {
  /// `Tests/Fixtures`.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  public static func data(_ name: String) -> Data {
    let url = directory.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else {
      fatalError("fixture \(name) missing at \(url.path)")
    }
    return data
  }

  public static func bytes(_ name: String) -> [UInt8] { [UInt8](data(name)) }

  /// The lines of a `.jsonl` fixture, as bytes, blank lines skipped.
  public static func lines(_ name: String) -> [[UInt8]] {
    data(name).split(separator: UInt8(ascii: "\n")).map { [UInt8]($0) }.filter { !$0.isEmpty }
  }

  /// Every `.jsonl` fixture's file name.
  public static var jsonlNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") && !$0.contains("client-subscribe") }.sorted()
  }
}
