import App
import ArgumentParser
import Config
import ExchangeSim
import Feed
import MarketModel
import Replay
import VenueCore

#if canImport(Glibc)
import Glibc
#endif

extension Tradeterm {
  /// The asset `--across` names: letters and digits, 1 to 10 of them, as an `AssetCode` (`xbt` is
  /// `BTC`); nil when it is not one.
  static func acrossAsset(_ text: String) -> AssetCode? {
    guard (1...10).contains(text.count),
      text.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    else { return nil }
    return AssetCode(text)
  }

  /// `--across ASSET` takes no instrument and none of the options of one market or one file.
  func validateAcross() throws {
    guard let across else { return }
    guard Self.acrossAsset(across) != nil else {
      throw fail("--across takes an asset, 1 to 10 letters or digits (e.g. --across BTC)")
    }
    if instrument != nil || symbolOption != nil || venueOption != nil {
      throw fail("--across chooses its instruments; it takes no symbol or --venue")
    }
    let others: [(Bool, String)] = [
      (markets, "--markets"),
      (portfolio, "--portfolio"),
      (csv, "--csv"), (wsURL != nil, "--ws-url"), (restURL != nil, "--rest-url"), (testnet, "--testnet"),
      (depthOption != nil, "--depth"), (trades != 10, "--trades"),
    ]
    if let (_, name) = others.first(where: \.0) { throw fail("--across takes no \(name)") }
  }

  /// The plan a recording of the cross-venue screen names (its `# tradeterm across` line, before
  /// its first frame); nil for any other file, or one that cannot be read (the replay that
  /// follows says why).
  static func acrossRecording(_ path: String) -> (asset: AssetCode, instruments: [InstrumentKey])? {
    guard let reader = try? RecordingReader(path: path, readAhead: .look) else { return nil }
    // The header and the preamble come first; a few lines of them at most.
    for _ in 0..<16 {
      guard let line = try? reader.nextLine() else { return nil }
      guard line.first == UInt8(ascii: "#") else { return nil }
      if let plan = AcrossRecording.plan(Substring(String(decoding: line, as: UTF8.self))) { return plan }
    }
    return nil
  }

  /// `--replay FILE` of a recording of the cross-venue screen (`recorded`: its asset and
  /// instruments): the screen over it, or with `--once` its report at the recording's end.
  func startAcrossReplay(
    _ path: String, recorded: (asset: AssetCode, instruments: [InstrumentKey]), settings: Settings, fps: Int
  ) throws {
    let plan = AcrossPlan.replaying(asset: recorded.asset, keys: recorded.instruments)
    guard !plan.instruments.isEmpty else { throw fail("\(path) names no instrument this tradeterm replays") }
    var members: [AcrossReplaySource.Member] = []
    for chosen in plan.instruments {
      switch chosen.source {
      case .bitmex: members.append(.bitmex)
      case .venue(let live):
        guard let decoder = Venues.frameDecoder(live.venue, symbol: chosen.key.symbol) else {
          throw fail("\(Venues.displayName(live.venue)) has no decoder to replay \(path) with")
        }
        members.append(.venue(live.venue, decoder))
      }
    }
    let source: AcrossReplaySource
    do {
      source = try AcrossReplaySource(path: path, members: members, speed: once ? 0 : speed)
    } catch {
      throw fail("cannot replay \(TerminalText.sanitized(error.description))")
    }
    let runner = acrossRunner(plan: plan, mode: .replay, settings: settings, fps: fps)
    let code: Int32
    if once {
      code = runner.once(replay: source, json: json, levels: levels == 10 ? 20 : levels)
    } else {
      if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
        throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
      }
      code = runner.run(replay: source)
    }
    if code != 0 { throw ExitCode(code) }
  }

  /// The runner of `plan` with the config's and the flags' choices.
  func acrossRunner(plan: AcrossPlan, mode: RunMode, settings: Settings, fps: Int) -> AcrossRunner {
    var theme = settings.theme
    if noColor || (getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false) {
      theme = .monochromeTheme
    }
    return AcrossRunner(
      plan: plan, mode: mode,
      userAgent: "tradeterm/\(TradetermVersion.current) libcurl/\(CurlLibrary.version)", fps: fps,
      ascii: ascii,
      color: !theme.monochrome, utc: utc, theme: theme, keys: KeyBindings(overrides: settings.keys),
      alerts: settings.alerts + Self.savedAlerts(), stablecoinsAtPar: settings.stablecoinsAtPar,
      takerFeePercent: settings.takerFeePercent)
  }

  /// `--across ASSET`: the cross-venue screen, or with `--once` its report; with `--record` every
  /// venue's frames in one file; with `--replay FILE` a recording of it.
  func startAcross(_ text: String, settings: Settings, fps: Int) throws {
    guard let asset = Self.acrossAsset(text) else { throw fail("--across takes an asset") }
    if let replay {
      guard let recorded = Self.acrossRecording(replay) else {
        throw fail(
          "\(replay) is not a recording of the cross-venue screen (`--across \(asset) --record FILE`)")
      }
      guard recorded.asset == asset else {
        throw fail("\(replay) is a recording of \(recorded.asset) across venues, not of \(asset)")
      }
      return try startAcrossReplay(replay, recorded: recorded, settings: settings, fps: fps)
    }
    if let problem = CurlLibrary.webSocketProblem { throw fail(problem) }
    var sim: ExchangeSim?
    if demo {
      let s = ExchangeSim(try demoConfig())
      do {
        try s.start()
      } catch {
        throw fail("could not start the local exchange: \(error)")
      }
      sim = s
    }
    defer { sim?.stop() }
    // The simulator's dialects: its own, or one running elsewhere (`--demo-at`).
    let address = sim?.address ?? demoAt.flatMap(SimAddress.parse)
    let routes = VenueRoutes.of(
      bitmexWebSocket: address?.webSocketURL ?? Self.bitmexWebSocket(false),
      bitmexREST: address?.restURL ?? Self.bitmexREST(false), start: nil, sim: address)
    let plan = AcrossPlan.make(
      asset: asset, routes: routes, demo: address != nil, configured: settings.acrossInstruments[asset])
    guard !plan.instruments.isEmpty else {
      throw fail(
        "no venue followed live has a \(asset) instrument here: \(plan.notes.joined(separator: "; "))")
    }
    var runner = acrossRunner(plan: plan, mode: address != nil ? .demo : .live, settings: settings, fps: fps)
    if !once, isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
      throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
    }
    if let record {
      if let problem = plan.recordingProblem { throw fail("--record: \(problem)") }
      let recorder = FrameRecorder(
        path: record,
        preamble: [AcrossRecording.preamble(asset: asset, instruments: plan.instruments.map(\.key))])
      if let failure = recorder.failure {
        recorder.close()
        throw fail(TerminalText.sanitized(failure))
      }
      runner.recorder = recorder
    }
    // On the way out, what the recording holds (as the dashboard says it), after the feeds stopped.
    defer {
      if let recorder = runner.recorder {
        recorder.close()
        printError("tradeterm: \(TerminalText.sanitized(recorder.summary))")
        if let failure = recorder.failure { printError("tradeterm: \(TerminalText.sanitized(failure))") }
      }
    }
    let code: Int32
    if once {
      // The top 20 levels unless --levels says otherwise.
      code = runner.once(json: json, timeout: timeout, levels: levels == 10 ? 20 : levels)
    } else {
      code = runner.run()
    }
    if code != 0 { throw ExitCode(code) }
  }

  /// The alerts file's rules (added from the dashboard, or `tradeterm alert add`); none when it
  /// cannot be read (the dashboard says why).
  static func savedAlerts() -> [AlertRule] {
    guard case .success(let loaded)? = AlertsFile.standard()?.load() else { return [] }
    return loaded.rules
  }
}
