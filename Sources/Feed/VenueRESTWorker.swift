import MarketModel
import Session
import Threads
import WireJSON

/// Runs one venue's public REST on its own thread, as `RESTWorker` does BitMEX's: it takes
/// `RESTIntent`s, makes the adapter's `VenueRESTRequest`s for each (several where the venue splits
/// the answer), has the adapter decode the bodies there (off the UI thread), and hands back one
/// `VenueRESTResult` per intent through `drain()`; `wake` is signalled when there are some.
///
/// A rate limit (HTTP 429 or 418, with `Retry-After` or not) fails the intent with the reason and
/// holds every request until the wait is over: intents asked meanwhile fail at once, saying how
/// long is left, and nothing is retried in a loop.
public final class VenueRESTWorker: Sendable {
  /// Signalled when there are results to drain.
  public var wake: WakeSignal { mailbox.wake }
  private let adapter: any VenueAdapter
  private let baseURL: String
  private let userAgent: String
  /// Seconds a request may take, connection included, before it fails as unanswered.
  private let timeout: Double
  private let mailbox = RESTMailbox<RESTIntent, VenueRESTResult>()

  /// How long a rate limit holds requests when the venue does not say (`Retry-After`).
  public static let defaultRetryAfter: Double = 30

  /// A worker for `adapter`'s requests, made under `baseURL` (the venue's public REST host, or
  /// the simulator's dialect).
  public init(adapter: any VenueAdapter, baseURL: String, userAgent: String, timeout: Double = 10) {
    self.adapter = adapter
    self.baseURL = baseURL
    self.userAgent = userAgent
    self.timeout = timeout
  }

  /// Starts the worker thread.
  public func start() {
    mailbox.start {
      let client = RESTClient(
        baseURL: self.baseURL, userAgent: self.userAgent, abortSignal: self.mailbox.abortSignal)
      // A rate limit's wait, kept from one intent to the next.
      var heldUntil: MonotonicTime?
      return { intent in self.perform(intent, client, heldUntil: &heldUntil, now: MonotonicTime.now()) }
    }
  }

  /// Queues an intent, unless the same one already waits (a key pressed twice asks once).
  public func request(_ intent: RESTIntent) { mailbox.request(intent) }

  /// Results since the last drain.
  public func drain() -> [VenueRESTResult] { mailbox.drain() }

  /// Stops (interrupting a request in flight) and waits for the thread.
  public func stop() { mailbox.stop() }

  /// One intent: every request of it in order, then the adapter's decoding of their bodies.
  func perform(
    _ intent: RESTIntent, _ client: RESTClient, heldUntil: inout MonotonicTime?, now: MonotonicTime
  ) -> VenueRESTResult {
    let requests = adapter.restRequests(for: intent)
    guard !requests.isEmpty else {
      return .failed(intent, reason: "\(adapter.venue.name) has no such request")
    }
    if let until = heldUntil, now < until {
      let left = max(1, Int((until - now).rounded(.up)))
      return .failed(intent, reason: "rate limited: waiting \(left) s more before asking again")
    }
    var bodies: [WireValue] = []
    for request in requests {
      switch client.get(request.target, timeout: timeout) {
      case .failure(let failure):
        return .failed(intent, reason: failure.description)
      case .success(let response) where response.status == 429 || response.status == 418:
        let wait = response.retryAfter ?? Self.defaultRetryAfter
        heldUntil = MonotonicTime.now() + wait
        let what = response.status == 418 ? "banned for sending on after a rate limit" : "rate limited"
        return .failed(
          intent, reason: "\(what) (HTTP \(response.status)): waiting \(Int(wait.rounded(.up))) s")
      case .success(let response):
        let body: WireValue
        do {
          body = try WireValue.parse(response.body)
        } catch {
          let words = RESTWorker.describe(response.body, error)
          return .failed(
            intent, reason: (200..<300).contains(response.status) ? words : "HTTP \(response.status)")
        }
        guard (200..<300).contains(response.status) else {
          // The venue's own words when the body says them (OKX answers 400 with its code).
          return .failed(
            intent, reason: "HTTP \(response.status)" + (refusal(intent, body).map { ": \($0)" } ?? ""))
        }
        bodies.append(body)
      }
    }
    return decode(intent, bodies)
  }

  /// The adapter's reading of the bodies of `intent`.
  func decode(_ intent: RESTIntent, _ bodies: [WireValue]) -> VenueRESTResult {
    switch intent {
    case .instruments:
      do throws(RESTBodyError) { return .instruments(try adapter.decodeInstruments(bodies)) } catch {
        return .failed(intent, reason: error.reason)
      }
    case .tickers:
      do throws(RESTBodyError) { return .tickers(try adapter.decodeTickers(bodies)) } catch {
        return .failed(intent, reason: error.reason)
      }
    case let .candles(symbol, intervalMs, _, beforeMs):
      guard let body = bodies.first else { return .failed(intent, reason: "no body") }
      do throws(CandleError) {
        return .candles(
          symbol: symbol, intervalMs: intervalMs, beforeMs: beforeMs, try adapter.decodeCandles(body))
      } catch {
        return .failed(intent, reason: error.description)
      }
    case .bookSnapshot, .recentTrades:
      return .failed(intent, reason: "not asked of this worker")
    }
  }

  /// What the venue said in a body that came with an error status, when the decoder reads it.
  private func refusal(_ intent: RESTIntent, _ body: WireValue) -> String? {
    switch decode(intent, [body]) {
    case .failed(_, let reason): reason
    default: nil
    }
  }
}
