extension Array {
  /// The first index whose element satisfies `predicate`, for a predicate that is false
  /// then true along the array (a binary search).
  func partitionIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) >> 1
      if predicate(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
