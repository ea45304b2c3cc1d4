/// One depth-limited book topic of a follower venue (Bybit `orderbook.50.BTCUSDT`, OKX `books`
/// of `BTC-USDT`): the top levels as last published, the topic's own sequence (Bybit `u`, OKX
/// `seqId`), and the diff of the current tick, computed once for every subscriber.
///
/// Every subscriber's snapshot is taken from `view`, and every diff moves `view`, so the diffs
/// always replay exactly onto a snapshot taken between two ticks.
struct FollowerView: Sendable {
  var view: BookView
  /// The sequence of the last message of the topic.
  var sequence: UInt64
  /// The sequence before it (OKX `prevSeqId`).
  var previous: UInt64
  /// The tick whose diff `changes` holds.
  var tick: Int64 = -1
  var changes: [BookChange] = []
  /// OKX maintenance: the next message's sequence starts again lower (`seqId < prevSeqId`).
  var resetPending = false

  init(depth: Int, book: SimBook, sequence: UInt64) {
    view = BookView(depth: depth, book: book)
    self.sequence = sequence
    previous = sequence
  }
}
