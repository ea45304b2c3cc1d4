extension TradeTape {
  /// The size from which a trade counts as large (drawn bold): the 95th percentile of the sizes
  /// on the tape, or nil while it holds fewer than 20 trades. Worked out when asked (the trades
  /// pane asks only when it draws).
  public var largeTradeSize: Int64? {
    guard count >= 20 else { return nil }
    var sizes = map(\.size)
    return Self.nthSmallest(&sizes, sizes.count * 95 / 100)
  }

  /// The element that would be at index `k` of `values` sorted ascending (`values` is
  /// reordered): a quickselect, linear on average, where sorting a full tape every frame
  /// costs a sort of a thousand sizes.
  static func nthSmallest(_ values: inout [Int64], _ k: Int) -> Int64 {
    var low = 0
    var high = values.count - 1
    while low < high {
      // Median of three as the pivot: sorted or constant input stays linear.
      let mid = low + (high - low) / 2
      let pivot = Swift.max(
        Swift.min(values[low], values[mid]), Swift.min(Swift.max(values[low], values[mid]), values[high]))
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        high = j
      } else if k >= i {
        low = i
      } else {
        return values[k]
      }
    }
    return values[k]
  }
}
