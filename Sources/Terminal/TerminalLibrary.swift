import CNcursesW

/// Facts about the ncurses library this process runs with.
public enum TerminalLibrary {
  /// The ncurses version string, e.g. "ncurses 6.4.20221231".
  public static var version: String { String(cString: tt_ncurses_version()) }
}
