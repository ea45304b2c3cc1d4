#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if TRADETERM_LIBFUZZER
import CLibFuzzer
#endif

/// libFuzzer's entry point: one input per call (see `FuzzHarness`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzHarness.run(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}

/// `TradetermFuzz`: built with `-sanitize=fuzzer` and `-D TRADETERM_LIBFUZZER`, libFuzzer's
/// driver with its usual flags (SwiftPM gives every executable a `main` of its own, so
/// libFuzzer's cannot be used and its driver is called from here). Otherwise a replayer:
/// `TradetermFuzz FILE|DIR…` runs each file (each file of a directory) as one input, so a
/// crasher reproduces in a normal build and under a debugger.
@main
enum Main {
  static func main() {
    #if TRADETERM_LIBFUZZER
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
    #else
    replay(CommandLine.arguments.dropFirst())
    #endif
  }

  static func replay(_ paths: ArraySlice<String>) {
    guard !paths.isEmpty else {
      print("usage: TradetermFuzz FILE|DIR…  (replays fuzz inputs; `make fuzz` runs libFuzzer)")
      exit(2)
    }
    var count = 0
    for path in paths {
      for file in files(at: path) {
        guard let bytes = read(file) else {
          print("cannot read \(file)")
          exit(1)
        }
        bytes.withUnsafeBytes { FuzzHarness.run($0) }
        count += 1
      }
    }
    print("replayed \(count) input(s): no crash")
  }

  /// `path` itself, or the regular files directly inside it if it is a directory.
  static func files(at path: String) -> [String] {
    guard let dir = opendir(path) else { return [path] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      let full = path + "/" + name
      var info = stat()
      if stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG { names.append(full) }
    }
    return names.sorted()
  }

  static func read(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return ferror(f) == 0 ? bytes : nil
  }
}
