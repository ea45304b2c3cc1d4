import BitMEX
import MarketModel
import Session
import Threads

#if canImport(Glibc)
import Glibc
#endif

/// Runs REST requests on its own thread (`RESTMailbox`), so DNS, TLS or a dead server never
/// freeze the UI. Results come back through `drain()`; `wake` is signalled when there are some.
public final class RESTWorker: Sendable {
  /// A request to make.
  public typealias Job = RESTRequest

  /// Signalled when there are results to drain.
  public var wake: WakeSignal { mailbox.wake }
  private let baseURL: String
  private let userAgent: String
  /// Seconds a request may take, connection included, before it fails as unanswered.
  private let timeout: Double
  private let mailbox = RESTMailbox<Job, RESTResult>()

  public init(baseURL: String, userAgent: String, timeout: Double = 10) {
    self.baseURL = baseURL
    self.userAgent = userAgent
    self.timeout = timeout
  }

  /// Starts the worker thread.
  public func start() {
    mailbox.start {
      let client = RESTClient(
        baseURL: self.baseURL, userAgent: self.userAgent, abortSignal: self.mailbox.abortSignal)
      return { job in self.perform(job, client) }
    }
  }

  /// Queues a request, unless the same one already waits in the queue (pressing `s` again
  /// while the symbol list loads asks once, not once per press).
  public func request(_ job: Job) { mailbox.request(job) }

  /// Results since the last drain.
  public func drain() -> [RESTResult] { mailbox.drain() }

  /// Stops (interrupting a request in flight) and waits for the thread.
  public func stop() { mailbox.stop() }

  private func perform(_ job: Job, _ client: RESTClient) -> RESTResult {
    var decoder = BitMEXDecoder()
    switch job {
    case .instrument(let symbol):
      let path = BitMEXRESTPaths.instrument(symbol)
      switch fetch(path, client) {
      case .failure(let e): return .failed(job, reason: e.reason)
      case .success(let body):
        do {
          switch try decoder.decodeInstruments(body) {
          case .rows(let rows):
            return .instrument(symbol: symbol, rows.first { $0.symbol.description == symbol })
          case .error(let message): return .failed(job, reason: message)
          }
        } catch { return .failed(job, reason: Self.describe(body, error)) }
      }
    case .active:
      let path = BitMEXRESTPaths.activeInstruments
      switch fetch(path, client) {
      case .failure(let e): return .failed(job, reason: e.reason)
      case .success(let body):
        do {
          switch try decoder.decodeInstruments(body) {
          case .rows(let rows): return .active(rows)
          case .error(let message): return .failed(job, reason: message)
          }
        } catch { return .failed(job, reason: Self.describe(body, error)) }
      }
    case .candles(let symbol, let interval, let count, let endMs):
      let path = BitMEXRESTPaths.candles(symbol: symbol, interval: interval, count: count, endMs: endMs)
      switch fetch(path, client) {
      case .failure(let e): return .failed(job, reason: e.reason)
      case .success(let body):
        do {
          switch try decoder.decodeTradeBins(body) {
          case .rows(let rows): return .candles(symbol: symbol, interval: interval, rows)
          case .error(let message): return .failed(job, reason: message)
          }
        } catch { return .failed(job, reason: Self.describe(body, error)) }
      }
    }
  }

  /// Why a body that came with a success status is not what was asked for, in words: an HTML
  /// page (a proxy's, a captive portal's), a gzip body nobody asked for, nothing at all, or
  /// JSON of the wrong shape (the decoder's words).
  static func describe(_ body: [UInt8], _ error: any Error) -> String {
    let start = body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    if body.starts(with: [0x1F, 0x8B]) { return "a gzip-compressed answer (not asked for)" }
    if start == UInt8(ascii: "<") { return "an HTML page, not JSON" }
    if start == nil { return "an empty answer" }
    return "not the expected JSON: \(error)"
  }

  /// GET with one polite retry after a 429/503 `Retry-After` (capped at 10 s).
  private func fetch(_ path: String, _ client: RESTClient) -> Result<[UInt8], FetchError> {
    for attempt in 0..<2 {
      switch client.get(path, timeout: timeout) {
      case .failure(let f):
        return .failure(FetchError(f.description))
      case .success(let r) where (r.status == 429 || r.status == 503) && attempt == 0:
        let wait = min(r.retryAfter ?? 2, 10)
        mailbox.pause(seconds: wait)
        if mailbox.abortSignal.isRaised { return .failure(FetchError("stopped")) }
      case .success(let r) where r.status >= 200 && r.status < 300:
        return .success(r.body)
      case .success(let r):
        var d = BitMEXDecoder()
        if case .error(let message)? = try? d.decodeInstruments(r.body) {
          return .failure(FetchError("HTTP \(r.status): \(message)"))
        }
        return .failure(FetchError("HTTP \(r.status)"))
      }
    }
    return .failure(FetchError("gave up"))
  }

  struct FetchError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }
}
