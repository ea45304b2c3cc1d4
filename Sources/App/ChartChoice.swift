import MarketModel

/// A chart the chooser (`C`, then one key) goes to directly: each kind at each interval, so no
/// chart is eight presses of `c` away (issue 29).
public enum ChartChoice: Sendable, Hashable, CaseIterable {
  case line1s, line1m, line5m
  case candles1m, candles5m, candles1h, candles1d
  case heatmap

  /// The words in the chooser's footer (`line 1s`, `1h`: candles are named once).
  var label: String {
    switch self {
    case .line1s: "line 1s"
    case .line1m: "1m"
    case .line5m: "5m"
    case .candles1m: "candles 1m"
    case .candles5m: "5m"
    case .candles1h: "1h"
    case .candles1d: "1d"
    case .heatmap: "heatmap"
    }
  }

  /// The label in a narrow footer (`1s`, `c1h`, `heat`).
  var shortLabel: String {
    switch self {
    case .line1s: "1s"
    case .line1m: "1m"
    case .line5m: "5m"
    case .candles1m: "c1m"
    case .candles5m: "c5m"
    case .candles1h: "c1h"
    case .candles1d: "c1d"
    case .heatmap: "heat"
    }
  }

  /// Shows this chart: its mode and interval, the candle cursor back at the newest.
  func apply(to state: inout AppState) {
    state.view.candleCursorMs = nil
    switch self {
    case .line1s, .line1m, .line5m:
      state.chartMode = .sparkline
      state.chartInterval = self == .line1s ? .oneSecond : self == .line1m ? .oneMinute : .fiveMinutes
    case .candles1m, .candles5m, .candles1h, .candles1d:
      state.chartMode = .candles
      state.candleInterval =
        switch self {
        case .candles5m: .fiveMinutes
        case .candles1h: .oneHour
        case .candles1d: .oneDay
        default: .oneMinute
        }
    case .heatmap:
      state.chartMode = .heatmap
    }
  }

  /// Whether `state` shows this chart now.
  func isShown(in state: AppState) -> Bool {
    var shown = state
    apply(to: &shown)
    return shown.chartMode == state.chartMode
      && (state.chartMode != .sparkline || shown.chartInterval == state.chartInterval)
      && (state.chartMode != .candles || shown.candleInterval == state.candleInterval)
  }
}
