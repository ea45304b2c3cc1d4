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
    public init(color: Bool) { self.color = color }
  }

  /// What the input side delivered.
  public enum Input: Equatable {
    case key(Key)
    case resize(width: Int, height: Int)
  }

  private let window: UnsafeMutablePointer<WINDOW>
  private var shown: Grid?
  private var pairs: [Style.Color: Int16] = [:]
  private var colorCount: Int32 = 0
  private var ended = false
  /// The screen made by `init(output:input:term:width:height:options:)` (nil for `initscr`'s).
  private var ownScreen: OpaquePointer?
  /// Whether this screen is the process's terminal (`initscr`), whose size `readInput` asks for.
  private var onControllingTerminal = true
  /// Readable when a quit signal (INT, TERM, HUP) arrived; see `pendingSignal()`.
  public let signalDescriptor: Int32
  private let signalWriteEnd: Int32

  /// Starts curses mode on the controlling terminal. Fails with a message when stdin or
  /// stdout is not a terminal.
  public init(options: Options) throws(TerminalError) {
    guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
      throw TerminalError("not a terminal; for plain output use --once")
    }
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
    guard let w = initscr() else { throw TerminalError("could not start the terminal (TERM=\(Self.term))") }
    window = w
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    curs_set(0)
    wtimeout(window, 0)
    if options.color, has_colors() {
      start_color()
      use_default_colors()
      colorCount = tt_colors()
      setUpPairs()
    }
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
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    curs_set(0)
    wtimeout(window, 0)
    if options.color, has_colors() {
      start_color()
      use_default_colors()
      colorCount = tt_colors()
      setUpPairs()
    }
  }

  deinit { restore() }

  private static var term: String { getenv("TERM").map { String(cString: $0) } ?? "unset" }

  /// Leaves curses mode and puts the terminal back as it was. Safe to call twice.
  public func restore() {
    guard !ended else { return }
    ended = true
    endwin()
    if let ownScreen { delscreen(ownScreen) }
    tt_restore_saved_termios()
  }

  /// The terminal's size now.
  public var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

  /// Whether the locale can show UTF-8 (else the app should draw ASCII).
  public static var localeIsUTF8: Bool {
    let lang = [getenv("LC_ALL"), getenv("LC_CTYPE"), getenv("LANG")].compactMap { $0 }.map {
      String(cString: $0)
    }
    guard let first = lang.first(where: { !$0.isEmpty }) else { return false }
    return first.uppercased().contains("UTF-8") || first.uppercased().contains("UTF8")
  }

  /// Draws `grid`: only cells that differ from what is on screen are written, then one
  /// `doupdate` sends the changes.
  public func draw(_ grid: Grid) {
    let (width, height) = (min(grid.width, size.width), min(grid.height, size.height))
    let previous = shown.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
    if previous == nil { werase(window) }
    for y in 0..<height {
      for x in 0..<width {
        let cell = grid[x, y]
        if let previous, previous[x, y] == cell { continue }
        let (attrs, pair) = attributes(cell.style)
        let scalar = cell.character.unicodeScalars.first?.value ?? 0x20
        // The bottom-right cell scrolls some terminals when written; ncurses copes, ERR is fine.
        _ = tt_put_wch(window, Int32(y), Int32(x), scalar, attrs, pair)
      }
    }
    shown = grid
    wnoutrefresh(window)
    doupdate()
  }

  /// Forgets what is on screen, so the next `draw` repaints everything.
  public func invalidate() {
    shown = nil
    clearok(window, true)
  }

  /// Reads every pending key without waiting, and notices a new terminal size.
  public func readInput() -> [Input] {
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
    while true {
      var wch: wint_t = 0
      let rc = wget_wch(window, &wch)
      if rc == tt_err() { break }
      if rc == tt_key_code_yes() {
        if Int32(wch) == tt_key_resize() {
          invalidate()
          out.append(.resize(width: size.width, height: size.height))
        } else if let key = Self.functionKey(Int32(wch)) {
          out.append(.key(key))
        }
        continue
      }
      if let key = Self.characterKey(UInt32(wch)) { out.append(.key(key)) }
    }
    return out
  }

  /// The quit signal that arrived (SIGINT, SIGTERM, SIGHUP), if any. Resize signals
  /// are consumed here too: they only wake the loop (see `readInput`).
  public func pendingSignal() -> Int32? {
    var b: UInt8 = 0
    while read(signalDescriptor, &b, 1) == 1 {
      if Int32(b) != tt_sigwinch() { return Int32(b) }
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
    // 256-colour terminals get softer shades; 8-colour ones the basic set.
    let rich = colorCount >= 256
    let table: [(Style.Color, Int16)] = [
      (.muted, rich ? 245 : Int16(COLOR_WHITE)),
      (.accent, rich ? 81 : Int16(COLOR_CYAN)),
      (.buy, rich ? 78 : Int16(COLOR_GREEN)),
      (.sell, rich ? 203 : Int16(COLOR_RED)),
      (.warning, rich ? 214 : Int16(COLOR_YELLOW)),
      (.error, rich ? 196 : Int16(COLOR_RED)),
      (.live, rich ? 40 : Int16(COLOR_GREEN)),
      (.bidBar, rich ? 22 : Int16(COLOR_GREEN)),
      (.askBar, rich ? 52 : Int16(COLOR_RED)),
    ]
    for (i, (role, fg)) in table.enumerated() {
      let pair = Int16(i + 1)
      init_pair(pair, fg, -1)
      pairs[role] = pair
    }
  }

  private func attributes(_ style: Style) -> (attr_t, Int16) {
    var a = tt_a_normal()
    if style.bold { a |= tt_a_bold() }
    if style.dim { a |= tt_a_dim() }
    if style.reverse { a |= tt_a_reverse() }
    if style.underline { a |= tt_a_underline() }
    return (a, pairs[style.color] ?? 0)
  }
}

/// Why the terminal could not be used.
public struct TerminalError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
