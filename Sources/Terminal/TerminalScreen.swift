import CNcursesW
import Screen

#if canImport(Glibc)
import Glibc
#endif

/// The only code that talks to ncurses: starts and restores the terminal, flushes a
/// `Grid` (writing only the cells that changed, then one `doupdate`), reads keys and
/// resizes, and turns quit signals into something the UI loop can poll.
///
/// One thread owns it (the UI thread).
public final class TerminalScreen {
  /// How to draw.
  public struct Options: Sendable {
    /// Use colours (false with `NO_COLOR` or `--no-color`: attributes only).
    public var color: Bool
    /// The colour of every role.
    public var theme: Theme
    /// Report the mouse: a left press and the wheel (off with `--no-mouse`, which leaves the
    /// terminal's own selection as it is).
    public var mouse: Bool
    public init(color: Bool, theme: Theme = .dark, mouse: Bool = false) {
      self.color = color && !theme.monochrome
      self.theme = theme
      self.mouse = mouse
    }
  }

  /// What the input side delivered.
  public enum Input: Equatable {
    case key(Key)
    case resize(width: Int, height: Int)
    case mouse(MouseEvent)
  }

  private let window: UnsafeMutablePointer<WINDOW>
  /// What is on screen: `Cell.key` of every cell of the last grid drawn, row by row.
  private var shown: [UInt64] = []
  /// What ncurses holds: `shown` with each row's blanks settled (`Cell.settleBlanks`).
  private var drawn: [UInt64] = []
  /// Room for one row's settled keys; grows with the grid.
  private var rowKeys = TerminalScreen.zeroedKeys(1)
  private var shownWidth = -1
  private var shownHeight = -1
  private var pairs: [Style.Color: Int16] = [:]
  /// The pair of dimmed text when the theme colours it (`stale`).
  private var stalePair: Int16?
  private let theme: Theme
  /// Per `Style.raw`: its attributes and colour pair, and a blank `cchar_t` with them.
  private var styleAttributes: [(attrs: attr_t, pair: Int16)] = []
  private let styleCells = UnsafeMutablePointer<cchar_t>.allocate(capacity: Style.rawCount)
  /// Room for one row's run of cells (`tt_put_run`); grows with the grid.
  private var scratch = UnsafeMutablePointer<cchar_t>.allocate(capacity: 1)
  private var scratchCapacity = 1
  /// Whether the last cell `draw` wrote went through `tt_put_wch` (which moves the cursor).
  private var lastWrittenAlone = false
  private var colorCount: Int32 = 0
  private var ended = false
  /// The screen made by `init(output:input:term:width:height:options:)` (nil for `initscr`'s).
  private var ownScreen: OpaquePointer?
  /// Whether this screen is the process's terminal (`initscr`), whose size `readInput` asks for.
  private var onControllingTerminal = true
  /// Readable when a quit signal (INT, TERM, HUP, QUIT) arrived; see `pendingSignal()`.
  public let signalDescriptor: Int32
  private let signalWriteEnd: Int32

  /// Starts curses mode on the controlling terminal. Fails with a message when stdin or
  /// stdout is not a terminal, or `TERM` names none the dashboard can draw on.
  public init(options: Options) throws(TerminalError) {
    guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
      throw TerminalError("not a terminal; for plain output use --once")
    }
    if let problem = Self.terminalProblem() { throw TerminalError(problem) }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw TerminalError("pipe failed") }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    signalDescriptor = fds[0]
    signalWriteEnd = fds[1]
    tt_install_signal_handlers(signalWriteEnd)
    // Wide characters need the locale's character type; numbers stay in the C locale.
    setlocale(LC_CTYPE, "")
    // 24-bit colours: a theme with #rrggbb colours on a terminal that says it can show them
    // (COLORTERM=truecolor) is drawn through the direct-colour terminfo entry, when there is one
    // (Debian: ncurses-term); else they are the nearest of the 256.
    if options.color, options.theme.usesRGB, let term = getenv("TERM").map({ String(cString: $0) }),
      let direct = Theme.directTerm(
        term: term, colorterm: getenv("COLORTERM").map { String(cString: $0) },
        termColors: Int(tt_terminfo_colors(term, STDOUT_FILENO)),
        colorsOf: { Int(tt_terminfo_colors($0, STDOUT_FILENO)) })
    {
      setenv("TERM", direct, 1)
    }
    guard let w = initscr() else { throw TerminalError("could not start the terminal (TERM=\(Self.term))") }
    window = w
    theme = options.theme
    setUp(options)
  }

  /// Draws to `output` as a terminal of type `term` (e.g. "xterm-256color") of `width`×`height`
  /// cells, with `newterm`, leaving the process's own terminal, signal handlers and locale alone:
  /// for benchmarks and tests (a pseudo-terminal, or a plain file to count the bytes a frame
  /// writes). The caller sets a UTF-8 `LC_CTYPE` first for wide characters. `readInput` reads
  /// keys from `input` and never resizes (no controlling terminal to ask).
  public init(
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, term: String, width: Int,
    height: Int, options: Options
  ) throws(TerminalError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw TerminalError("pipe failed") }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    signalDescriptor = fds[0]
    signalWriteEnd = fds[1]
    guard let screen = newterm(term, output, input) else {
      throw TerminalError("could not start a \(term) screen")
    }
    ownScreen = screen
    onControllingTerminal = false
    set_term(screen)
    resizeterm(Int32(height), Int32(width))
    guard let w = tt_stdscr() else { throw TerminalError("newterm gave no window") }
    window = w
    theme = options.theme
    setUp(options)
  }

  /// What both ways of starting share, once the screen exists: input modes, colours, styles.
  private func setUp(_ options: Options) {
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    curs_set(0)
    wtimeout(window, 0)
    // No typeahead check: by default doupdate polls stdin several times per frame, to
    // give up on a frame when a key is waiting. Frames take a fraction of a millisecond
    // and the loop reads keys before it draws, so that saves nothing and costs a system
    // call per row group, every frame, all day.
    typeahead(-1)
    // No scrolling by insert/delete line: the panes sit side by side, so a row of the screen
    // never moves whole, and looking for one that did (hashing every row, every frame) was a
    // quarter of a full repaint's time. The bytes sent are the same.
    idlok(window, false)
    if options.color, has_colors() {
      start_color()
      use_default_colors()
      colorCount = tt_colors()
      setUpPairs()
    }
    setUpStyles()
    batchOutput()
    // After the suspend in `batchOutput`, which would turn reporting off again.
    if options.mouse {
      tt_mouse_enable(1)
      mouseOn = true
    }
  }

  /// Whether mouse reporting is on (turned off again in `restore`).
  private var mouseOn = false

  /// Makes ncurses send each `doupdate` in as few writes as its buffer allows. Until the
  /// screen has once been suspended (`endwin`) and resumed, ncurses takes itself for a
  /// low-level terminfo program and flushes after every cursor movement: a frame went out
  /// in dozens of small writes (three a row on a full repaint), each a system call and a
  /// wake-up of the terminal, and a terminal could show half-drawn frames. Suspending once
  /// here, before anything is drawn, makes the first `doupdate` resume (it repaints anyway).
  ///
  /// `endwin` also takes the terminal out of keypad-transmit mode (`rmkx`), and resuming does
  /// not put it back: ncurses would only send `smkx` again inside the first `wget_wch`, which
  /// runs once a key is already waiting — sent in cursor mode (`ESC [ A`, not the terminfo's
  /// `ESC O A`), so the first arrow key arrived as a lone Escape (and closed the markets
  /// screen). Keypad mode is asked for again here, at once.
  private func batchOutput() {
    endwin()
    keypad(window, true)
  }

  deinit {
    restore()
    styleCells.deallocate()
    scratch.deallocate()
    rowKeys.deallocate()
  }

  private static var term: String { getenv("TERM").map { String(cString: $0) } ?? "unset" }

  /// Why `TERM` names no terminal the dashboard can draw on, or nil when it does. Asked
  /// before `initscr`, which would otherwise print ncurses' own "Error opening terminal" and
  /// exit — or, for `TERM=dumb`, start and draw everything on one line.
  static func terminalProblem() -> String? {
    let plain = "use --once for plain output"
    switch tt_check_terminal(STDOUT_FILENO) {
    case Int32(TT_TERMINAL_OK): return nil
    case Int32(TT_TERMINAL_UNSET):
      return "TERM is not set, so the dashboard cannot draw: set it to your terminal's type (e.g. "
        + "xterm-256color), or \(plain)"
    case Int32(TT_TERMINAL_UNKNOWN):
      return "TERM=\(term) is a terminal type this machine does not know (no terminfo entry): set TERM "
        + "to one it knows (e.g. xterm-256color), or \(plain)"
    case Int32(TT_TERMINAL_CANNOT_ADDRESS):
      return "TERM=\(term) cannot move the cursor, which the dashboard needs: \(plain)"
    default:
      return "no terminfo database to look TERM=\(term) up in: install ncurses-base, or \(plain)"
    }
  }

  /// Leaves curses mode and puts the terminal back as it was. Safe to call twice.
  public func restore() {
    guard !ended else { return }
    ended = true
    if mouseOn { tt_mouse_enable(0) }
    endwin()
    if let ownScreen { delscreen(ownScreen) }
    tt_restore_saved_termios()
  }

  /// The terminal's size now.
  public var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

  /// The columns `scalar` takes by the C library's `wcwidth` in the current locale, as ncurses
  /// places it: 0, 1, 2, or -1 for one it cannot show. (`Screen`'s `CharacterWidth` is a table
  /// of it; tests compare the two.)
  public static func columns(_ scalar: Unicode.Scalar) -> Int { Int(tt_wcwidth(scalar.value)) }

  /// Whether the locale can show UTF-8 (else the app should draw ASCII).
  public static var localeIsUTF8: Bool {
    let lang = [getenv("LC_ALL"), getenv("LC_CTYPE"), getenv("LANG")].compactMap { $0 }.map {
      String(cString: $0)
    }
    guard let first = lang.first(where: { !$0.isEmpty }) else { return false }
    return first.uppercased().contains("UTF-8") || first.uppercased().contains("UTF8")
  }

  /// Draws `grid`: only cells that differ from what is on screen are written (each run of
  /// changed cells in a row with one call), then one `doupdate` sends the changes.
  public func draw(_ grid: Grid) {
    let (width, height) = (min(grid.width, size.width), min(grid.height, size.height))
    let repaint = shownWidth != grid.width || shownHeight != grid.height
    if scratchCapacity < grid.width {
      scratch.deallocate()
      scratch = .allocate(capacity: grid.width)
      rowKeys.deallocate()
      rowKeys = Self.zeroedKeys(grid.width)
      scratchCapacity = grid.width
    }
    if repaint {
      // Every cell of the grid is written below; only a window larger than the grid needs
      // clearing first.
      if grid.width < Int(getmaxx(window)) || grid.height < Int(getmaxy(window)) { werase(window) }
      shownWidth = grid.width
      shownHeight = grid.height
      if shown.count != grid.width * grid.height {
        shown = Array(repeating: 0, count: grid.width * grid.height)
        drawn = shown
      }
    }
    // The cursor goes where writing the last changed cell one at a time would leave it (after
    // it, or at the start of the next row), so ncurses sends the same bytes as it always has.
    var last: (y: Int, x: Int)?
    lastWrittenAlone = false
    precondition(Self.cellIsKey, "a Cell must be its key alone: the diff compares rows as words")
    let keys = rowKeys
    grid.cells.withUnsafeBufferPointer { cells in
      shown.withUnsafeMutableBufferPointer { shown in
        drawn.withUnsafeMutableBufferPointer { drawn in
          for y in 0..<grid.height {
            let row = y * grid.width
            // A cell is its key (one word, no padding): an unchanged row compares as one block.
            if !repaint, grid.width > 0,
              memcmp(cells.baseAddress! + row, shown.baseAddress! + row, grid.width * 8) == 0
            {
              continue
            }
            let new = UnsafeRawPointer(cells.baseAddress! + row).assumingMemoryBound(to: UInt64.self)
            (shown.baseAddress! + row).update(from: new, count: grid.width)
            // The row as ncurses is to hold it, against what it holds: runs of changed cells,
            // each written with one call; the rest of the row is copied.
            keys.update(from: new, count: grid.width)
            Cell.settleBlanks(keys, count: grid.width)
            let old = drawn.baseAddress! + row
            let visibleWidth = y < height ? min(grid.width, width) : 0
            // A row with a wide character, before or now, is written whole, left to right, over
            // a cleared line: written piecemeal, ncurses' clean-up of a wide character's orphaned
            // half (when a run starts where one was) can blank a wide character written just
            // before.
            if visibleWidth > 0,
              Self.holdsWide(old, count: grid.width) || Self.holdsWide(keys, count: grid.width)
            {
              old.update(from: keys, count: grid.width)
              wmove(window, Int32(y), 0)
              wclrtoeol(window)
              writeRun(drawn, y: y, from: 0, to: visibleWidth, rowStart: row, visibleWidth: visibleWidth)
              last = (y, visibleWidth - 1)
              continue
            }
            var x = 0
            while x < visibleWidth {
              if !repaint {
                while x < visibleWidth && old[x] == keys[x] { x += 1 }
                if x == visibleWidth { break }
              }
              let start = x
              x += 1
              while x < visibleWidth && (repaint || old[x] != keys[x]) { x += 1 }
              old.advanced(by: start).update(from: keys + start, count: x - start)
              writeRun(drawn, y: y, from: start, to: x, rowStart: row, visibleWidth: visibleWidth)
              last = (y, x - 1)
            }
            old.update(from: keys, count: grid.width)
          }
        }
      }
    }
    // A character written on its own (`tt_put_wch`) already left the cursor where it belongs.
    if let last, !lastWrittenAlone {
      let rows = Int(getmaxy(window))
      let columns = Int(getmaxx(window))
      let cursor =
        last.x + 1 < columns ? (last.y, last.x + 1) : last.y + 1 < rows ? (last.y + 1, 0) : (last.y, last.x)
      wmove(window, Int32(cursor.0), Int32(cursor.1))
    }
    wnoutrefresh(window)
    doupdate()
  }

  /// Whether one of the `count` keys at `keys` is half of a wide character.
  private static func holdsWide(_ keys: UnsafePointer<UInt64>, count: Int) -> Bool {
    let halves = Cell.wideBit | Cell.continuationBit
    for i in 0..<count where keys[i] & halves != 0 { return true }
    return false
  }

  /// Writes the cells `from..<to` of row `y` (keys in `drawn` from `rowStart`), one call per
  /// run of one-column characters and one per other character. The second half of a wide
  /// character is written with its first; one whose second half lies beyond `visibleWidth`
  /// (a grid wider than the window) is drawn as `?`.
  private func writeRun(
    _ drawn: UnsafeMutableBufferPointer<UInt64>, y: Int, from: Int, to: Int, rowStart: Int, visibleWidth: Int
  ) {
    guard let base = drawn.baseAddress else { return }
    var x = from
    lastWrittenAlone = false
    while x < to {
      let done = Int(
        tt_put_run(window, Int32(y), Int32(x), base + rowStart + x, Int32(to - x), styleCells, scratch))
      if done < 0 { return }
      x += done
      guard x < to else { return }
      let key = drawn[rowStart + x]
      // The second half of a wide character: drawn with the first.
      if key & Cell.continuationBit != 0 {
        x += 1
        continue
      }
      // A character that is not one column wide: one at a time, as ncurses places it.
      let columns: Int32 = key & Cell.wideBit != 0 && x + 1 < visibleWidth ? 2 : 1
      lastWrittenAlone = x + Int(columns) >= to
      let style = styleAttributes[Int(key >> 32 & 0xFFFF)]
      // The bottom-right cell scrolls some terminals when written; ncurses copes, ERR is fine.
      _ = tt_put_cell(
        window, Int32(y), Int32(x), UInt32(truncatingIfNeeded: key), style.attrs, style.pair, columns)
      x += 1
    }
  }

  /// The cells of `grid` that ncurses does not hold as drawn (character, attributes, colour
  /// pair) in its window: none after `draw(grid)`, whatever was drawn before. For tests.
  public func mismatches(_ grid: Grid) -> [(x: Int, y: Int)] {
    var out: [(x: Int, y: Int)] = []
    guard grid.width > 0 else { return out }
    var keys = grid.cells.map(\.key)
    for y in 0..<min(grid.height, size.height) {
      // What is drawn is the row with its blanks settled.
      keys.withUnsafeMutableBufferPointer {
        Cell.settleBlanks($0.baseAddress! + y * grid.width, count: grid.width)
      }
      for x in 0..<min(grid.width, size.width) {
        var ch: UInt32 = 0
        var attrs: attr_t = 0
        var pair: Int16 = 0
        let key = keys[y * grid.width + x]
        let expected = styleAttributes[Int(key >> 32 & 0xFFFF)]
        guard tt_get_cell(window, Int32(y), Int32(x), &ch, &attrs, &pair) == tt_ok(),
          ch == UInt32(truncatingIfNeeded: key), attrs == expected.attrs, pair == expected.pair
        else {
          out.append((x, y))
          continue
        }
      }
    }
    return out
  }

  /// Room for `count` cell keys, initialized (to blanks' zero keys) so it is always written
  /// over, never written into uninitialized memory.
  private static func zeroedKeys(_ count: Int) -> UnsafeMutablePointer<UInt64> {
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    keys.initialize(repeating: 0, count: count)
    return keys
  }

  private static let cellIsKey = MemoryLayout<Cell>.size == 8 && MemoryLayout<Cell>.stride == 8

  /// Forgets what is on screen, so the next `draw` repaints everything.
  public func invalidate() {
    shownWidth = -1
    shownHeight = -1
    clearok(window, true)
  }

  /// Reads every pending key without waiting, and notices a new terminal size.
  /// Keys are read only when `keysWaiting` (stdin polled readable): ncurses keeps no keys
  /// of its own between calls, since each call reads until there are none.
  public func readInput(keysWaiting: Bool = true) -> [Input] {
    var out: [Input] = []
    // The size is asked of the terminal itself: SIGWINCH only wakes the loop.
    var rows: Int32 = 0
    var cols: Int32 = 0
    if onControllingTerminal { tt_terminal_size(&rows, &cols) }
    if rows > 0, cols > 0, Int(rows) != size.height || Int(cols) != size.width {
      resizeterm(rows, cols)
      invalidate()
      out.append(.resize(width: Int(cols), height: Int(rows)))
    }
    while keysWaiting {
      var wch: wint_t = 0
      let rc = wget_wch(window, &wch)
      if rc == tt_err() { break }
      if rc == tt_key_code_yes() {
        if Int32(wch) == tt_key_resize() {
          invalidate()
          out.append(.resize(width: size.width, height: size.height))
        } else if Int32(wch) == tt_key_mouse() {
          var x: Int32 = 0
          var y: Int32 = 0
          var button: Int32 = 0
          guard tt_get_mouse(&x, &y, &button) == tt_ok() else { continue }
          let action: MouseEvent.Action? =
            switch button {
            case 1: .press
            case 4: .wheelUp
            case 5: .wheelDown
            default: nil
            }
          if let action { out.append(.mouse(MouseEvent(x: Int(x), y: Int(y), action))) }
        } else if let key = Self.functionKey(Int32(wch)) {
          out.append(.key(key))
        }
        continue
      }
      if let key = Self.characterKey(UInt32(wch)) { out.append(.key(key)) }
    }
    return out
  }

  /// A quit signal, and whether the terminal sent it (a key typed: Ctrl-C, Ctrl-\) rather
  /// than another process (`kill`).
  public struct QuitSignal: Sendable, Hashable {
    public var number: Int32
    public var fromTerminal: Bool

    public init(_ number: Int32, fromTerminal: Bool) {
      self.number = number
      self.fromTerminal = fromTerminal
    }
  }

  /// The quit signal that arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT), if any. Resize
  /// signals are consumed here too: they only wake the loop (see `readInput`).
  public func pendingSignal() -> QuitSignal? {
    var b: UInt8 = 0
    let flag = UInt8(tt_signal_from_terminal_flag())
    while read(signalDescriptor, &b, 1) == 1 {
      let number = Int32(b & ~flag)
      if number != tt_sigwinch() { return QuitSignal(number, fromTerminal: b & flag != 0) }
    }
    return nil
  }

  private static func characterKey(_ c: UInt32) -> Key? {
    switch c {
    case 0x03: return .interrupt
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x1B: return .escape
    case 0x08, 0x7F: return .backspace
    case 0..<0x20: return nil
    default: return Unicode.Scalar(c).map { .character(Character($0)) }
    }
  }

  private static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_BTAB: .backTab
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    default: nil
    }
  }

  // MARK: Colours

  private func setUpPairs() {
    // The theme's colour of each role, as this terminal can show it: RGB exactly on a
    // direct-colour terminal, else the nearest of its 256 colours, or the role's own 8- or
    // 16-colour fallback.
    let colors = Int(colorCount)
    for (i, role) in Style.Color.allCases.enumerated() where role != .normal || theme.colors[role] != nil {
      let pair = Int16(i + 1)
      init_extended_pair(Int32(pair), theme.terminalColor(of: role, colors: colors), -1)
      pairs[role] = pair
    }
    if let stale = theme.stale {
      let pair = Int16(Style.Color.allCases.count + 1)
      init_extended_pair(Int32(pair), stale.terminalColor(colors: colors), -1)
      stalePair = pair
    }
  }

  // Every style's attributes and blank cell, looked up by `Style.raw` while drawing.
  private func setUpStyles() {
    styleAttributes = (0..<Style.rawCount).map { raw in
      attributes(Style(raw: UInt16(raw)) ?? .plain)
    }
    for (raw, style) in styleAttributes.enumerated() {
      _ = tt_cchar_template(styleCells + raw, style.attrs, style.pair)
    }
  }

  private func attributes(_ style: Style) -> (attrs: attr_t, pair: Int16) {
    var a = tt_a_normal()
    if style.bold { a |= tt_a_bold() }
    if style.dim { a |= tt_a_dim() }
    if style.reverse { a |= tt_a_reverse() }
    if style.underline { a |= tt_a_underline() }
    if style.dim, let stalePair { return (a, stalePair) }
    return (a, pairs[style.color] ?? 0)
  }
}

/// Why the terminal could not be used.
public struct TerminalError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
