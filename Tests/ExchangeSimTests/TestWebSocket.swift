import Foundation

/// A minimal WebSocket client (RFC 6455) over `TestSocket`, written for these tests so that
/// they exercise the simulator with nothing but the wire: the HTTP/1.1 upgrade, masked
/// client frames, and server frames decoded by hand.
final class TestWebSocket {
  /// A frame from the server.
  struct Frame: CustomStringConvertible {
    var opcode: UInt8
    var payload: [UInt8]

    var isText: Bool { opcode == 1 }
    var isBinary: Bool { opcode == 2 }
    var isClose: Bool { opcode == 8 }
    var isPong: Bool { opcode == 10 }
    var text: String { String(decoding: payload, as: UTF8.self) }
    /// The status code of a close frame.
    var closeCode: Int? {
      guard isClose, payload.count >= 2 else { return nil }
      return Int(payload[0]) << 8 | Int(payload[1])
    }
    /// The payload parsed as a JSON object.
    var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
    }

    var description: String { "opcode \(opcode): \(text.prefix(200))" }
  }

  /// The HTTP answer to an upgrade request.
  struct HTTPAnswer {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: String
  }

  let socket: TestSocket

  private init(socket: TestSocket) {
    self.socket = socket
  }

  /// Connects and upgrades; throws unless the server switches protocols.
  static func connect(port: Int, path: String = "/realtime", timeout: Double = 3) throws -> TestWebSocket {
    let (ws, answer) = try attempt(port: port, path: path, timeout: timeout)
    guard let ws else { throw TestSocket.Failure(description: "upgrade refused: \(answer?.status ?? 0)") }
    return ws
  }

  /// Sends an upgrade request: a client on 101, else the HTTP answer (nil if none came
  /// before the timeout).
  static func attempt(
    port: Int, path: String = "/realtime", timeout: Double = 3
  ) throws -> (
    TestWebSocket?, HTTPAnswer?
  ) {
    let socket = try TestSocket(port: port)
    let request =
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    try socket.write(Array(request.utf8))
    guard let answer = try readHTTP(socket, until: Date(timeIntervalSinceNow: timeout)) else {
      return (nil, nil)
    }
    if answer.status == 101 {
      guard answer.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" else {
        throw TestSocket.Failure(description: "bad Sec-WebSocket-Accept")
      }
      return (TestWebSocket(socket: socket), answer)
    }
    return (nil, answer)
  }

  /// Reads an HTTP response (head and a `Content-Length` body, or a body up to EOF).
  static func readHTTP(_ socket: TestSocket, until deadline: Date) throws -> HTTPAnswer? {
    let separator: [UInt8] = [13, 10, 13, 10]
    var headEnd: Int?
    while headEnd == nil {
      headEnd = socket.pending.indices.dropLast(3).first { Array(socket.pending[$0..<$0 + 4]) == separator }
      if headEnd == nil {
        guard try socket.fill(until: deadline), !socket.atEOF else { return nil }
      }
    }
    let head = String(decoding: socket.pending[0..<headEnd!], as: UTF8.self)
    socket.pending.removeFirst(headEnd! + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    var body: [UInt8] = []
    if status != 101 {
      if let length = headers["content-length"].flatMap(Int.init) {
        body = try socket.take(length, until: deadline) ?? []
      } else {
        _ = try socket.waitForEOF(until: deadline)
        body = socket.pending
      }
    }
    return HTTPAnswer(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
  }

  // MARK: Sending

  func send(text: String) throws { try send(opcode: 1, Array(text.utf8)) }

  func sendPing(_ payload: [UInt8]) throws { try send(opcode: 9, payload) }

  func sendClose(code: Int) throws { try send(opcode: 8, [UInt8(code >> 8), UInt8(code & 0xFF)]) }

  /// A masked frame, as a client must send.
  func send(opcode: UInt8, _ payload: [UInt8], fin: Bool = true) throws {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count < 65_536 {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) {
        frame.append(UInt8((payload.count >> shift) & 0xFF))
      }
    }
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try socket.write(frame)
  }

  // MARK: Receiving

  /// The next frame, or nil if none arrives before `timeout` seconds (or the stream ended).
  /// A frame only partly arrived stays buffered for the next call.
  func read(timeout: Double = 3) throws -> Frame? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      if let frame = try parse() { return frame }
      guard try socket.fill(until: deadline), !socket.atEOF else { return nil }
    }
  }

  /// Takes a whole frame off the socket's buffer, if one is there.
  private func parse() throws -> Frame? {
    let b = socket.pending
    guard b.count >= 2 else { return nil }
    guard b[1] & 0x80 == 0 else { throw TestSocket.Failure(description: "server frames must not be masked") }
    var length = Int(b[1] & 0x7F)
    var offset = 2
    if length == 126 {
      guard b.count >= 4 else { return nil }
      length = Int(b[2]) << 8 | Int(b[3])
      offset = 4
    } else if length == 127 {
      guard b.count >= 10 else { return nil }
      length = b[2..<10].reduce(0) { $0 << 8 | Int($1) }
      offset = 10
    }
    guard b.count >= offset + length else { return nil }
    socket.pending.removeFirst(offset + length)
    return Frame(opcode: b[0] & 0x0F, payload: Array(b[offset..<offset + length]))
  }

  /// The next frame, which must arrive.
  func expectFrame(timeout: Double = 3) throws -> Frame {
    guard let frame = try read(timeout: timeout) else {
      throw TestSocket.Failure(description: "no frame within \(timeout) s")
    }
    return frame
  }

  /// The next frame's JSON object, which must arrive.
  func expectJSON(timeout: Double = 3) throws -> [String: Any] {
    let frame = try expectFrame(timeout: timeout)
    guard let json = frame.json else { throw TestSocket.Failure(description: "not a JSON object: \(frame)") }
    return json
  }

  /// Sends text `ping` and returns every frame before the `pong`: since the server answers
  /// in order, these are all the frames it wrote before it read the ping.
  func drainWithPing(timeout: Double = 3) throws -> [Frame] {
    try send(text: "ping")
    var frames: [Frame] = []
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      let frame = try expectFrame(timeout: max(0.01, deadline.timeIntervalSinceNow))
      if frame.isText && frame.text == "pong" { return frames }
      frames.append(frame)
    }
  }
}
