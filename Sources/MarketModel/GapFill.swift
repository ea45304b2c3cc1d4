/// Time buckets in order, with the gaps between them filled: newest to oldest, each missing
/// bucket `filler(start, older)` (flat at the older one's close), stopping at `capacity` so a
/// bucket far in the past cannot make a huge run of fillers (`CandleSeries.backfill`).
enum GapFill {
  static func filled<Bucket>(
    _ merged: [Bucket], step: Int64, capacity: Int, start: (Bucket) -> Int64,
    filler: (Int64, Bucket) -> Bucket
  ) -> [Bucket] {
    guard var k = merged.indices.last else { return [] }
    var result: [Bucket] = []
    result.reserveCapacity(capacity)
    result.append(merged[k])
    while k > 0 && result.count < capacity {
      let older = merged[k - 1]
      var at = start(merged[k]) - step
      while at > start(older) && result.count < capacity {
        result.append(filler(at, older))
        at -= step
      }
      if result.count < capacity { result.append(older) }
      k -= 1
    }
    result.reverse()
    return result
  }
}
