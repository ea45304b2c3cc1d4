/// Figure 7, start-up: the release `tradeterm` started in a 200×50 tmux window, `runs`
/// times. exec → first frame: from the stamp the wrapper writes just before `execv` to the
/// end of the first frame's `doupdate`. Partial → book on screen: from the feed thread reading
/// the book partial to the end of the first frame that shows the book.
struct StartupBench {
  struct Result {
    /// Sorted, in nanoseconds.
    var firstFrame: [Int64]
    var partialToBook: [Int64]
    /// Runs in which tradeterm did not exit within 5 s of its tmux session ending.
    var outlived: Int
  }

  var tmux: TmuxServer
  var binDir: String

  /// `arguments` for tradeterm (e.g. `--ws-url … --rest-url …`, or `--demo`).
  func run(arguments: [String], runs: Int) -> Result {
    var firstFrame: [Int64] = []
    var partialToBook: [Int64] = []
    var outlived = 0
    for _ in 0..<runs {
      let launch = DashboardLaunch(
        tmux: tmux, binDir: binDir, arguments: arguments, width: 200, height: 50, trace: true)
      let ok = waitFor(15) { launch.stamps["book-drawn"] != nil }
      let s = launch.stamps
      launch.stop()
      if launch.outlivedSession { outlived += 1 }
      guard ok, let exec = s["exec"], let first = s["first-frame"], let partial = s["partial"],
        let book = s["book-drawn"]
      else {
        fatalError("bench: tradeterm did not show its book within 15 s (stamps: \(s))")
      }
      firstFrame.append(first - exec)
      partialToBook.append(book - partial)
    }
    return Result(firstFrame: firstFrame.sorted(), partialToBook: partialToBook.sorted(), outlived: outlived)
  }
}
