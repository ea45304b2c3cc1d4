import MarketModel
import Session
import Trading

/// The order ticket's slice of the state (`o` opens it over the dashboard): what is typed, the
/// side and type, and what flashes. Everything shown is worked out from it and the live market
/// by `TicketQuote`.
public struct TicketState: Sendable, Hashable {
  /// An input field.
  public enum Field: Sendable, Hashable {
    case units
    case amount
    case price
  }

  public var side: Side = .buy
  public var type: PaperOrder.OrderType = .market
  /// The field keys type into; units first.
  public var focus: Field = .units
  /// The size field typed last (units or amount): the other one is computed from it.
  public var source: Field = .units
  public var unitsText = ""
  public var amountText = ""
  public var priceText = ""
  /// Why the last key was not typed (`at most 3 decimals`), until the next key.
  public var refusal: String?
  /// The cursor in the open orders list.
  public var selected = 0
  /// The best bid and ask last seen, and until when (wall ms) each flashes after a change.
  public var lastBid: PriceLevel?
  public var lastAsk: PriceLevel?
  public var bidFlashUntil: Int64 = 0
  public var askFlashUntil: Int64 = 0
  /// What the last Confirm or `x` did (`P4 filled 1,000 @ 98,000.2`).
  public var result: String?

  public init() {}

  /// The fields Tab moves between: units and amount, and the price for a limit order.
  public var fields: [Field] { type == .limit ? [.units, .amount, .price] : [.units, .amount] }
}

/// The paper orders as the app knows them: the journal's events applied, and what is on its
/// way to the journal (shown only once written and fsync'ed).
public struct PaperState: Sendable {
  public var ledger = PaperLedger()
  /// Orders with an event sent to the journal and not yet confirmed written.
  public var pending: Set<String> = []
  /// The highest order number handed out (ids stay unique while events are pending).
  public var issued = 0
  /// Why orders cannot be placed: the journal is in use by another process, could not be
  /// opened, or was not opened (nil: the journal is writable).
  public var readOnly: String? = "no paper journal"
  /// When to try the journal's lock again (another tradeterm held it at start; nil: no retry).
  public var retakeAt: MonotonicTime?
  /// How often a read-only run tries the lock of a journal another tradeterm holds.
  public static let retakeSeconds = 3.0

  public init() {}

  /// A fresh order id.
  mutating func nextID() -> String {
    // `lastNumber` stays below `PaperLedger.largestNumber`, so this never overflows; an id a
    // hostile journal already holds at that size is skipped rather than given twice.
    issued = max(issued, ledger.lastNumber) + 1
    while ledger.orders.contains(where: { $0.id == "P\(issued)" }) { issued += 1 }
    return "P\(issued)"
  }
}

/// What the journal layer reports back (the runner does the I/O; `App` stays pure).
public enum PaperNews: Sendable {
  /// The journal was opened and read back: its events, the lines skipped, and why it is
  /// read-only if it is.
  /// `heldByAnother`: read-only only because another tradeterm holds the lock, so the lock is
  /// tried again every `PaperState.retakeSeconds` (`Effect.retakeJournal`).
  case opened(events: [PaperEvent], warnings: [String], readOnly: String?, heldByAnother: Bool = false)
  /// This process took the lock over (the other tradeterm quit): the journal as read now, its
  /// orders and fills included, replaces what was read at start, and orders can be placed.
  case tookOver(events: [PaperEvent], warnings: [String])
  /// Trying the lock found the journal unusable (not merely held by another tradeterm): why.
  /// The tries stop. (While the other still holds it, a try has nothing to report.)
  case retakeFailed(reason: String)
  /// These events are on disk (written and fsync'ed): show them.
  case written([PaperEvent])
  /// These events could not be written: they did not happen.
  case failed([PaperEvent], reason: String)
}
