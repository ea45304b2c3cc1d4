extension SimFaults {
  /// A fault specification that could not be understood (the text, and what was expected).
  public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    public var spec: String
    public var expected: String

    public var description: String { "bad fault '\(spec)': expected \(expected)" }
  }

  /// The fault specifications `apply(spec:)` understands, one per line, for `--help`.
  public static let specHelp = """
    drop-after=S           drop each WebSocket (no close frame) S s after upgrade
    stall-after=S          each WebSocket goes silent (no data, no pong) after S s
    reject=N[:STATUS[:RA]] refuse N upgrades: STATUS (429), Retry-After RA (1)
    ignore-upgrades=N      read the next N upgrade requests, never answer them
    garbage-every=S        send a malformed frame every S s (not JSON, binary, …)
    unknown-level-after=S  update a missing level S s after each book partial
    update-before-partial  send a book update before each book partial
    huge-partial           10,000 levels per side (a huge orderBookL2 partial)
    trickle=BYTES:S        send BYTES bytes every S seconds
    silence=TABLE:S:D      TABLE's deltas stop S s after start, for D s
    active=STATUS|html|gzip|hang  /instrument/active answers an HTTP error, an
                           HTML page, an unasked-for gzip body, or never
    subscribe-error=TEXT   answer every subscription with an error frame saying TEXT
    close-reason=TEXT      close (1008) with reason TEXT on a session's first subscription
    refuse=TABLE[:TEXT]    refuse TABLE with an error frame saying TEXT
                           (default "Unknown table: TABLE"); serve the rest
    no-partial=TABLE       acknowledge TABLE, never send its partial or data
    bad-instrument-row=K   a malformed row first in each instrument partial;
                           K: long-symbol, text-price, bad-time or object
    instruments=N          N more instruments (~1 KB each) in the partial
    pongs-only-after=S     each WebSocket sends only pongs S s after upgrade
    venue-pause=VENUE:S:D  VENUE's WebSockets go silent S s after start (no data, no
                           pong), for D s, then close: its book goes stale
    venue-cross=VENUE:BPS  VENUE's prices BPS basis points above the others (below
                           when negative): its book crosses theirs
                           (kraken, coinbase, bybit-spot, bybit-linear, okx)
    """ + "\n" + binanceSpecHelp + "\n" + KrakenFaults.specHelp + "\n" + FollowerFaults.specHelp

  /// Turns on the fault `spec` describes (see `specHelp`), e.g. `drop-after=5`,
  /// `reject=2:429:1`, `trickle=64:0.01`.
  public mutating func apply(spec: String) throws(SpecError) {
    if try kraken.apply(spec: spec) { return }
    if try followers.apply(spec: spec) { return }
    let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    let value = parts.count > 1 ? parts[1] : nil
    func seconds() throws(SpecError) -> Double {
      guard let value, let s = Double(value), s >= 0, s.isFinite else {
        throw SpecError(spec: spec, expected: "\(name)=SECONDS")
      }
      return s
    }
    switch name {
    case "drop-after":
      dropAfter = try seconds()
    case "stall-after":
      stallAfter = try seconds()
    case "garbage-every":
      let s = try seconds()
      guard s > 0 else { throw SpecError(spec: spec, expected: "garbage-every=SECONDS (> 0)") }
      garbageEvery = s
    case "unknown-level-after":
      unknownLevelAfter = try seconds()
    case "update-before-partial":
      updateBeforePartial = true
    case "huge-partial":
      hugePartial = true
    case "ignore-upgrades":
      guard let value, let n = Int(value), n >= 0 else {
        throw SpecError(spec: spec, expected: "ignore-upgrades=COUNT")
      }
      ignoreUpgrades = n
    case "reject":
      let fields = (value ?? "").split(separator: ":").map { Int($0) }
      guard (1...3).contains(fields.count), fields.allSatisfy({ $0 != nil }), let count = fields[0],
        count >= 0
      else {
        throw SpecError(spec: spec, expected: "reject=COUNT[:STATUS[:RETRY_AFTER]]")
      }
      let status = fields.count > 1 ? fields[1]! : 429
      let retry = fields.count > 2 ? fields[2]! : 1
      guard (400...599).contains(status) else {
        throw SpecError(spec: spec, expected: "an HTTP error status")
      }
      rejectUpgrades = UpgradeRejection(count: count, status: status, retryAfter: retry)
    case "trickle":
      let fields = (value ?? "").split(separator: ":")
      guard fields.count == 2, let bytes = Int(fields[0]), bytes > 0, let interval = Double(fields[1]),
        interval >= 0, interval.isFinite
      else { throw SpecError(spec: spec, expected: "trickle=BYTES:INTERVAL") }
      trickle = Trickle(bytes: bytes, interval: interval)
    case "silence":
      let fields = (value ?? "").split(separator: ":")
      guard fields.count == 3, !fields[0].isEmpty, let after = Double(fields[1]), after.isFinite, after >= 0,
        let duration = Double(fields[2]), duration.isFinite, duration > 0
      else { throw SpecError(spec: spec, expected: "silence=TABLE:AFTER_SECONDS:DURATION_SECONDS") }
      silence = Silence(table: String(fields[0]), after: after, duration: duration)
    case "active":
      switch value {
      case "html": instrumentActive = .html
      case "gzip": instrumentActive = .gzip
      case "hang": instrumentActive = .noAnswer
      case let text?:
        guard let status = Int(text), (400...599).contains(status) else {
          throw SpecError(spec: spec, expected: "active=STATUS|html|gzip|hang")
        }
        instrumentActive = .status(status)
      case nil:
        throw SpecError(spec: spec, expected: "active=STATUS|html|gzip|hang")
      }
    case "subscribe-error":
      guard let value, !value.isEmpty else { throw SpecError(spec: spec, expected: "subscribe-error=TEXT") }
      subscribeError = value
    case "close-reason":
      guard let value, !value.isEmpty else { throw SpecError(spec: spec, expected: "close-reason=TEXT") }
      closeReason = value
    case "refuse":
      let fields = (value ?? "").split(separator: ":", maxSplits: 1).map(String.init)
      guard let table = fields.first, !table.isEmpty else {
        throw SpecError(spec: spec, expected: "refuse=TABLE[:TEXT]")
      }
      refusedTables[table] = fields.count > 1 && !fields[1].isEmpty ? fields[1] : "Unknown table: \(table)"
    case "no-partial":
      guard let value, !value.isEmpty else { throw SpecError(spec: spec, expected: "no-partial=TABLE") }
      withheldPartials.insert(value)
    case "bad-instrument-row":
      guard let kind = value.flatMap(BadInstrumentRow.init(rawValue:)) else {
        let kinds = BadInstrumentRow.allCases.map(\.rawValue).joined(separator: "|")
        throw SpecError(spec: spec, expected: "bad-instrument-row=\(kinds)")
      }
      badInstrumentRow = kind
    case "instruments":
      guard let value, let n = Int(value), (0...1_000_000).contains(n) else {
        throw SpecError(spec: spec, expected: "instruments=COUNT (0 to 1000000)")
      }
      extraInstruments = n
    case "pongs-only-after":
      pongsOnlyAfter = try seconds()
    case "venue-pause":
      let fields = (value ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3, Self.pausableVenues.contains(fields[0]), let after = Double(fields[1]),
        after.isFinite, (0...86_400).contains(after), let duration = Double(fields[2]), duration.isFinite,
        duration > 0, duration <= 86_400
      else {
        throw SpecError(
          spec: spec,
          expected:
            "venue-pause=VENUE:AFTER_SECONDS:DURATION_SECONDS, VENUE one of \(Self.pausableVenues.joined(separator: ", "))"
        )
      }
      venuePauses.append(VenuePause(venue: fields[0], after: after, duration: duration))
    case "venue-cross":
      let fields = (value ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 2, Self.crossableVenues.contains(fields[0]), let bps = Double(fields[1]),
        bps.isFinite, bps != 0, (-1_000...1_000).contains(bps)
      else {
        throw SpecError(
          spec: spec,
          expected:
            "venue-cross=VENUE:BPS (-1000 to 1000, not 0), VENUE one of \(Self.crossableVenues.joined(separator: ", "))"
        )
      }
      venueCrossBps[fields[0]] = bps
    default:
      if try applyBinance(name, value, spec: spec) { return }
      throw SpecError(spec: spec, expected: "one of:\n\(Self.specHelp)")
    }
  }
}
