import Files
import Foundation
import Testing

/// The shared file steps behind the config, alerts, favourites, journal and log files.
@Suite struct FilesTests {
  static func scratch() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tradeterm-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
  }

  /// `replace` makes the missing directories (0700), writes the text, replaces an old file
  /// whole and leaves no temp file behind.
  @Test func replaceMakesTheDirectoriesAndSwapsTheFileWhole() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/a/b/file"
    #expect(Files.replace(path, with: "first\n") == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    #expect(Files.replace(path, with: "second") == nil)
    #expect(Files.readAll(path) == Array("second".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/a/b") == ["file"])
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/a")[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  /// Where the file cannot be (its directory is a file), `replace` says so and writes nothing.
  @Test func replaceSaysWhyItFailed() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(Files.replace(root + "/blocker", with: "x") == nil)
    let failure = Files.replace(root + "/blocker/file", with: "y")
    #expect(failure?.hasPrefix("cannot write \(root)/blocker/file.tmp.") == true, "\(failure ?? "nil")")
    #expect(Files.readAll(root + "/blocker") == Array("x".utf8))
  }

  /// `writeAll` writes every byte (more than one write takes at once into a pipe's buffer is
  /// not needed: a file takes them all) and says why it stopped on a bad descriptor.
  @Test func writeAllWritesEveryByteOrSaysWhy() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    Files.makeDirectories(root, mode: 0o700)
    let path = root + "/big"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(bytes.withUnsafeBytes { Files.writeAll(fd, $0) } == nil)
    close(fd)
    #expect(Files.readAll(path) == bytes)
    // A descriptor that is never valid (the closed `fd` may already be another test's file:
    // tests run in parallel, and the kernel hands out the lowest free number).
    #expect(bytes.withUnsafeBytes { Files.writeAll(-1, $0) } == EBADF)
    #expect(Files.readAll(root + "/missing") == nil)
  }

  @Test func directoryOfAPath() {
    #expect(Files.directory(of: "/a/b/c") == "/a/b")
    #expect(Files.directory(of: "a/c") == "a")
    #expect(Files.directory(of: "c") == "")
  }
}
