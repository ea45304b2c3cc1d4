import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// How an `ExchangeSim` behaves. The defaults give a realistic, lively market on an
/// ephemeral loopback port.
public struct SimConfig: Sendable {
  /// Seeds every random choice: the same seed gives the same market, step for step.
  public var seed: UInt64
  /// The address to listen on.
  public var host: String
  /// The port to listen on; 0 picks a free one (read it from `ExchangeSim.port`).
  public var port: Int
  /// Levels per side of every book, 25…10,000 (`orderBookL2_25` shows the top 25).
  public var levels: Int
  /// Book messages per second per instrument (each a step of 1–10 changed rows).
  public var bookRate: Double
  /// Trades per second per instrument, on average.
  public var tradeRate: Double
  /// Another pace for a venue's booked instruments, by dialect name (`kraken`, `coinbase`,
  /// `bybit-spot`, `bybit-linear`, `bybit-inverse`, `okx`): a venue not named moves at `bookRate`
  /// and `tradeRate`, as BitMEX's instruments (and Binance's, which follow them) always do.
  /// `SimRates.real` fills it.
  public var paces: [String: SimPace] = [:]
  /// Seconds between `instrument` updates.
  public var instrumentInterval: Double
  /// Seconds between a subscription's ack and its partial (BitMEX takes ~2.5 s).
  public var partialDelay: Double
  /// The instruments listed and traded.
  public var instruments: [SimInstrument]
  /// More instruments listed, with no book or tape: each moves only on the `instrument`
  /// table, at its own interval (`SimUniverse.extras(nowMs:)` gives ~140 of every kind).
  public var universe: [SimInstrument] = []
  /// Multiplies the universe's publication rates (1: ~50 `instrument` updates per second
  /// over 140 instruments, about BitMEX's rate).
  public var universeRate: Double = 1
  /// Market activity: walls (a large level placed a few levels from the best, then pulled or
  /// traded through) and liquidations (orders in the `liquidation` table that fill and leave),
  /// each instrument every few seconds, from their own seeded stream. Off by default (the
  /// market's frames stay as they were); `--demo` and `tradeterm-sim --activity` turn it on.
  public var activity = false
  /// Serve a recorded file instead of the generated market (REST still answers from it).
  public var replay: SimReplay?
  /// Benchmark mode: the market does not run on a timer; instead, when a session's book
  /// partial has gone out, the market steps back to back, as fast as the client reads,
  /// until that session has had at least this many frames of the table, then stops. The
  /// count ends on a step boundary (at most two more frames for a depth-limited table);
  /// `stats.framesSent` has the exact number.
  public var burst: Int?
  /// Faults to inject from the start.
  public var faults: SimFaults
  /// The Binance dialect's liveness rules and weight limits.
  public var binance = BinanceSimConfig()
  /// A fixed start time for the market clock: time then advances exactly one tick interval
  /// per market tick, so frames (timestamps included) are identical from run to run.
  /// Nil follows the wall clock.
  public var epoch: Date?
  /// Start with the market paused (`resumeMarket()` or `advanceMarket(ticks:)` moves it).
  public var startPaused: Bool
  /// Market ticks run before the server opens, so books, tapes and charts have a past.
  public var warmUpTicks: Int

  public init(
    seed: UInt64 = 1, host: String = "127.0.0.1", port: Int = 0, levels: Int = 1_000, bookRate: Double = 20,
    tradeRate: Double = 3, instrumentInterval: Double = 1, partialDelay: Double = 0.2,
    instruments: [SimInstrument] = SimInstrument.defaults, replay: SimReplay? = nil, burst: Int? = nil,
    faults: SimFaults = SimFaults(), epoch: Date? = nil, startPaused: Bool = false, warmUpTicks: Int = 1_200
  ) {
    self.seed = seed
    self.host = host
    self.port = port
    self.levels = levels
    self.bookRate = bookRate
    self.tradeRate = tradeRate
    self.instrumentInterval = instrumentInterval
    self.partialDelay = partialDelay
    self.instruments = instruments
    self.replay = replay
    self.burst = burst
    self.faults = faults
    self.epoch = epoch
    self.startPaused = startPaused
    self.warmUpTicks = warmUpTicks
  }

  /// `levels` within 25…10,000, or 10,000 with the huge-partial fault.
  var effectiveLevels: Int {
    faults.hugePartial ? 10_000 : min(max(levels, 25), 10_000)
  }

  /// Market ticks per second: every tick may step the book and print trades. At least the
  /// fastest book's steps a second (a book steps at most once a tick).
  var tickRate: Double { max(bookRate, tradeRate, 1, paces.values.map(\.book).max() ?? 0) }

  /// The pace of the venue whose dialect is named `venue`: its own, or `bookRate` and `tradeRate`.
  func pace(_ venue: String) -> SimPace {
    paces[venue] ?? SimPace(book: bookRate, trades: tradeRate)
  }
}
