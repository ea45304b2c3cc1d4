import App
import ArgumentParser
import Config
import ExchangeSim
import Feed
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
      (replay != nil, "--replay"), (record != nil, "--record"), (markets, "--markets"),
      (portfolio, "--portfolio"),
      (csv, "--csv"), (wsURL != nil, "--ws-url"), (restURL != nil, "--rest-url"), (testnet, "--testnet"),
      (depthOption != nil, "--depth"), (trades != 10, "--trades"),
    ]
    if let (_, name) = others.first(where: \.0) { throw fail("--across takes no \(name)") }
  }

  /// `--across ASSET`: the cross-venue screen, or with `--once` its report.
  func startAcross(_ text: String, settings: Settings, fps: Int) throws {
    guard let asset = Self.acrossAsset(text) else { throw fail("--across takes an asset") }
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
    var theme = settings.theme
    if noColor || (getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false) {
      theme = .monochromeTheme
    }
    let runner = AcrossRunner(
      plan: plan, mode: address != nil ? .demo : .live,
      userAgent: "tradeterm/\(TradetermVersion.current) libcurl/\(CurlLibrary.version)", fps: fps,
      ascii: ascii,
      color: !theme.monochrome, utc: utc, theme: theme, keys: KeyBindings(overrides: settings.keys),
      alerts: settings.alerts + Self.savedAlerts(), stablecoinsAtPar: settings.stablecoinsAtPar,
      takerFeePercent: settings.takerFeePercent)
    let code: Int32
    if once {
      // The top 20 levels unless --levels says otherwise.
      code = runner.once(json: json, timeout: timeout, levels: levels == 10 ? 20 : levels)
    } else {
      if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
        throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
      }
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
