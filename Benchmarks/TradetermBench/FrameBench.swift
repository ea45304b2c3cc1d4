import App
import Screen
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Figure 5, a frame at 200×50: `DashboardView.render` of a live-looking state
/// (`DashboardFixture`), then `TerminalScreen.draw` through ncurses (`newterm`, an
/// xterm-256color terminal) into a pseudo-terminal that a thread reads, as a terminal
/// emulator does. A typical frame follows one market message (~20 a second, so most frames
/// carry one); a full repaint does the same after `invalidate()` (what a resize or Ctrl-L
/// costs). Bytes per frame come from a second, identical pass into a plain file, where
/// each frame's bytes can be counted exactly.
struct FrameBench {
  struct Figures {
    /// Sorted nanoseconds: render + flush (wall clock, and this thread's CPU time), and
    /// render alone (wall clock).
    var total: [UInt64]
    var cpu: [UInt64]
    var render: [UInt64]
    /// Sorted bytes written per frame.
    var bytes: [Int]
  }

  struct Result {
    var typical: Figures
    var full: Figures
    /// Heap allocations per typical frame (render + flush), steady state.
    var allocationsPerFrame: Double
    /// Bytes the terminal read over the timed pass, per frame (a check on `bytes`).
    var ptyBytesPerFrame: Double
  }

  var typicalFrames: Int
  var fullFrames: Int
  /// Where to keep the counted pass's bytes (what ncurses sent), if anywhere.
  var framesFile: String? = nil
  let width = 200
  let height = 50
  let term = "xterm-256color"

  func run() -> Result {
    // Wide characters (box lines, bars) need a UTF-8 character type, as in a user's terminal.
    setlocale(LC_CTYPE, "C.UTF-8")
    let pty = PtySink(width: width, height: height)
    let timed = pass(output: fdopen(dup(pty.slave), "w"), input: fdopen(dup(pty.slave), "r"), timing: true)
    pty.finish()
    let ptyBytes = Double(pty.bytesRead) / Double(typicalFrames + fullFrames + warmUp + 1)

    guard let file = framesFile.map({ fopen($0, "w+") }) ?? tmpfile(), let null = fopen("/dev/null", "r")
    else {
      fatalError("bench: tmpfile failed")
    }
    let counted = pass(output: file, input: null, timing: false)
    return Result(
      typical: Figures(
        total: timed.typical, cpu: timed.typicalCPU, render: timed.typicalRender, bytes: counted.typicalBytes),
      full: Figures(
        total: timed.full, cpu: timed.fullCPU, render: timed.fullRender, bytes: counted.fullBytes),
      allocationsPerFrame: Double(timed.allocations) / Double(typicalFrames), ptyBytesPerFrame: ptyBytes)
  }

  private let warmUp = 100

  private struct Pass {
    var typical: [UInt64] = []
    var typicalCPU: [UInt64] = []
    var typicalRender: [UInt64] = []
    var full: [UInt64] = []
    var fullCPU: [UInt64] = []
    var fullRender: [UInt64] = []
    var typicalBytes: [Int] = []
    var fullBytes: [Int] = []
    var allocations: UInt64 = 0
  }

  /// The same frames every time: a first paint, `warmUp` typical frames, then the measured
  /// typical frames and full repaints. Closes `output` and `input`.
  private func pass(
    output: UnsafeMutablePointer<FILE>?, input: UnsafeMutablePointer<FILE>?, timing: Bool
  ) -> Pass {
    guard let output, let input else { fatalError("bench: fdopen failed") }
    let screen: TerminalScreen
    do {
      screen = try TerminalScreen(
        output: output, input: input, term: term, width: width, height: height, options: .init(color: true))
    } catch {
      fatalError("bench: \(error)")
    }
    var fixture = DashboardFixture(seed: 42, width: width, height: height)
    var out = Pass()
    out.typical.reserveCapacity(typicalFrames)
    out.typicalRender.reserveCapacity(typicalFrames)
    var written = 0
    func bytesWritten() -> Int {
      fflush(output)
      let now = Int(lseek(fileno(output), 0, SEEK_END))
      defer { written = now }
      return now - written
    }
    // Typical frames draw over the last one, as the dashboard does (`RenderMemo`); a full
    // repaint draws from scratch, as after a resize.
    var memo = RenderMemo()
    screen.draw(DashboardView.render(fixture.state, reusing: &memo))
    for _ in 0..<warmUp {
      fixture.step()
      screen.draw(DashboardView.render(fixture.state, reusing: &memo))
    }
    _ = timing ? 0 : bytesWritten()
    if !timing, framesFile != nil {
      print("frames file: typical frames from byte \(written), full repaints after \(typicalFrames) of them")
    }

    let allocationsBefore = Measure.allocations()
    var allocationsOutside: UInt64 = 0
    for _ in 0..<typicalFrames {
      let a0 = Measure.allocations()
      fixture.step()
      allocationsOutside += Measure.allocations() - a0
      let c0 = Measure.threadCPU()
      let t0 = Measure.now()
      let grid = DashboardView.render(fixture.state, reusing: &memo)
      let t1 = Measure.now()
      screen.draw(grid)
      let t2 = Measure.now()
      let c2 = Measure.threadCPU()
      if timing {
        out.typical.append(t2 - t0)
        out.typicalCPU.append(c2 - c0)
        out.typicalRender.append(t1 - t0)
      } else {
        out.typicalBytes.append(bytesWritten())
      }
    }
    out.allocations = Measure.allocations() - allocationsBefore - allocationsOutside

    for _ in 0..<fullFrames {
      fixture.step()
      let c0 = Measure.threadCPU()
      let t0 = Measure.now()
      let grid = DashboardView.render(fixture.state)
      let t1 = Measure.now()
      screen.invalidate()
      screen.draw(grid)
      let t2 = Measure.now()
      let c2 = Measure.threadCPU()
      if timing {
        out.full.append(t2 - t0)
        out.fullCPU.append(c2 - c0)
        out.fullRender.append(t1 - t0)
      } else {
        out.fullBytes.append(bytesWritten())
      }
    }
    screen.restore()
    fclose(output)
    fclose(input)
    out.typical.sort()
    out.typicalCPU.sort()
    out.typicalRender.sort()
    out.full.sort()
    out.fullCPU.sort()
    out.fullRender.sort()
    out.typicalBytes.sort()
    out.fullBytes.sort()
    return out
  }
}
