// ncursesw for Swift: the wide-character API, plus accessors for what is a macro
// or a global in C and does not import (stdscr, LINES, COLS, A_* attributes).
#ifndef TRADETERM_CNCURSESW_SHIM_H
#define TRADETERM_CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncurses.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

static inline WINDOW *tt_stdscr(void) { return stdscr; }
static inline int tt_lines(void) { return LINES; }
static inline int tt_cols(void) { return COLS; }
static inline int tt_colors(void) { return COLORS; }
static inline int tt_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t tt_a_normal(void) { return A_NORMAL; }
static inline attr_t tt_a_bold(void) { return A_BOLD; }
static inline attr_t tt_a_dim(void) { return A_DIM; }
static inline attr_t tt_a_reverse(void) { return A_REVERSE; }
static inline attr_t tt_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tt_color_pair(int n) { return COLOR_PAIR(n); }

static inline int tt_key_resize(void) { return KEY_RESIZE; }

static inline int tt_key_code_yes(void) { return KEY_CODE_YES; }

/// Mouse reports on or off: a left press and the wheel (buttons 4 and 5), with no click
/// interval (each press is reported at once, never held back to make a double click).
static inline void tt_mouse_enable(int on) {
#ifdef BUTTON5_PRESSED
  mmask_t mask = on ? (BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED) : 0;
#else
  mmask_t mask = on ? (BUTTON1_PRESSED | BUTTON4_PRESSED) : 0;
#endif
  mousemask(mask, NULL);
  mouseinterval(0);
}
static inline int tt_key_mouse(void) { return KEY_MOUSE; }

/// The mouse report ncurses holds after KEY_MOUSE: the cell, and 1 for a left press, 4 for
/// the wheel up, 5 for the wheel down, 0 for anything else; ERR when there is none.
static inline int tt_get_mouse(int *x, int *y, int *button) {
  MEVENT e;
  if (getmouse(&e) != OK) return ERR;
  *x = e.x;
  *y = e.y;
  *button = 0;
  if (e.bstate & BUTTON1_PRESSED) *button = 1;
  else if (e.bstate & BUTTON4_PRESSED) *button = 4;
#ifdef BUTTON5_PRESSED
  else if (e.bstate & BUTTON5_PRESSED) *button = 5;
#endif
  return OK;
}
static inline int tt_err(void) { return ERR; }
static inline int tt_ok(void) { return OK; }

/// Puts one wide character with attributes and a colour pair at (y, x).
static inline int tt_put_wch(WINDOW *w, int y, int x, unsigned int ch, attr_t attrs, short pair) {
  cchar_t c;
  wchar_t wc[2] = {(wchar_t)ch, 0};
  if (setcchar(&c, wc, attrs, pair, NULL) != OK) return ERR;
  return mvwadd_wch(w, y, x, &c);
}

/// The columns `ch` takes by the C library (ncurses and the terminal go by it): -1 for a
/// character it cannot show.
static inline int tt_wcwidth(unsigned int ch) { return wcwidth((wchar_t)ch); }

/// Puts `ch` at (y, x) as the grid measured it: `width` columns (1, or 2 for a wide character).
/// When this terminal's wcwidth disagrees, puts '?' instead (and a blank in the second column
/// of a wide one): a character is never drawn by half, nor pushes the rest of the line along.
static inline int tt_put_cell(WINDOW *w, int y, int x, unsigned int ch, attr_t attrs, short pair, int width) {
  if (wcwidth((wchar_t)ch) == width) return tt_put_wch(w, y, x, ch, attrs, pair);
  int rc = tt_put_wch(w, y, x, '?', attrs, pair);
  if (width == 2) rc = tt_put_wch(w, y, x + 1, ' ', attrs, pair);
  return rc;
}

/// The cell `templ` with its character replaced by `ch` (a cchar_t holds its character in
/// `chars`, zero-terminated; attributes and colour pair stay those of `templ`).
static inline cchar_t tt_cchar_with(cchar_t templ, unsigned int ch) {
  templ.chars[0] = (wchar_t)ch;
  templ.chars[1] = 0;
  return templ;
}

/// Reads back the cell at (y, x) of `w`: its first character, attributes (without the
/// colour bits) and colour pair. Returns ERR outside the window.
static inline int tt_get_cell(WINDOW *w, int y, int x, unsigned int *ch, attr_t *attrs, short *pair) {
  cchar_t c;
  wchar_t wc[CCHARW_MAX + 1];
  if (mvwin_wch(w, y, x, &c) == ERR) return ERR;
  if (getcchar(&c, wc, attrs, pair, NULL) == ERR) return ERR;
  *ch = (unsigned int)wc[0];
  *attrs &= ~A_COLOR;
  return OK;
}

/// Makes the cell template of one style: a blank with attributes `attrs` and colour `pair`.
static inline int tt_cchar_template(cchar_t *out, attr_t attrs, short pair) {
  wchar_t wc[2] = {L' ', 0};
  return setcchar(out, wc, attrs, pair, NULL);
}

/// Writes a run of `n` cells at (y, x) of `w` with one call, as `mvwadd_wch` would one by one
/// for characters of one column. `cells[i]` packs a character (bits 0-31) and a style index
/// (bits 32-47, `Style.raw`) into `styles` (`tt_cchar_template`); `scratch` has room for `n` cells.
/// Stops before the first character that is not one column wide (`wcwidth` != 1: a wide
/// character, either half, or one this terminal cannot show), which the caller writes with
/// `tt_put_cell`: returns how many cells were written.
static inline int tt_put_run(
    WINDOW *w, int y, int x, const unsigned long long *cells, int n, const cchar_t *styles, cchar_t *scratch) {
  int count = 0;
  for (; count < n; count++) {
    unsigned long long cell = cells[count];
    unsigned int ch = (unsigned int)(cell & 0xFFFFFFFFu);
    if ((ch < 0x20 || ch >= 0x7F) && wcwidth((wchar_t)ch) != 1) break;
    scratch[count] = tt_cchar_with(styles[(cell >> 32) & 0xFFFF], ch);
  }
  if (count > 0 && mvwadd_wchnstr(w, y, x, scratch, count) == ERR) return -1;
  return count;
}

// ---- Whether the terminal can show the dashboard ---------------------------------

/// What `tt_check_terminal` found.
enum {
  TT_TERMINAL_OK = 0,
  /// TERM is not set (or empty).
  TT_TERMINAL_UNSET = 1,
  /// No terminfo entry for TERM.
  TT_TERMINAL_UNKNOWN = 2,
  /// The terminal cannot move its cursor (dumb, a hardcopy terminal): nothing to draw on.
  TT_TERMINAL_CANNOT_ADDRESS = 3,
  /// The terminfo database itself could not be found.
  TT_TERMINAL_NO_DATABASE = 4,
};

/// Checks TERM the way initscr would use it, without initscr's way of failing (a message of
/// its own and exit(1)): the entry must exist and address the cursor (`cup`), and not be a
/// hardcopy terminal (`hc`). Leaves no terminal set up.
static inline int tt_check_terminal(int fd) {
  const char *term = getenv("TERM");
  if (term == NULL || *term == 0) return TT_TERMINAL_UNSET;
  int err = 0;
  if (setupterm((char *)term, fd, &err) != OK) return err == 0 ? TT_TERMINAL_UNKNOWN : TT_TERMINAL_NO_DATABASE;
  const char *cup = tigetstr("cup");
  int hardcopy = tigetflag("hc");
  int ok = cup != NULL && cup != (const char *)-1 && hardcopy <= 0;
  del_curterm(cur_term);
  return ok ? TT_TERMINAL_OK : TT_TERMINAL_CANNOT_ADDRESS;
}

/// The number of colours terminfo gives terminal type `name` (16777216 for a direct-colour
/// entry such as xterm-direct), or -1 when there is no such entry. Leaves no terminal set up.
static inline int tt_terminfo_colors(const char *name, int fd) {
  int err = 0;
  if (setupterm((char *)name, fd, &err) != OK) return -1;
  int colors = tigetnum("colors");
  del_curterm(cur_term);
  return colors;
}

// ---- Restoring the terminal however the process ends ----------------------------
// Quit signals (INT, TERM, HUP, QUIT) write their number to a pipe the UI loop polls, so
// it can leave ncurses cleanly. Fatal signals (SEGV, BUS, ILL, FPE, ABRT) cannot run
// ncurses code: they restore the saved termios, leave the alternate screen, show the
// cursor (all async-signal-safe), then die with the default action.

static int tt_signal_fd = -1;
static struct termios tt_saved_termios = {0};
static int tt_have_saved_termios = 0;

/// Set on the byte a quit signal writes when the terminal sent it (a key typed: Ctrl-C,
/// Ctrl-\), not another process (kill): the line discipline's signals come from the kernel.
static inline int tt_signal_from_terminal_flag(void) { return 0x80; }

static void tt_quit_handler(int sig, siginfo_t *info, void *context) {
  (void)context;
  unsigned char b = (unsigned char)sig;
  if (info != NULL && info->si_code == SI_KERNEL) b |= 0x80;
  if (tt_signal_fd >= 0) { ssize_t r = write(tt_signal_fd, &b, 1); (void)r; }
}

static void tt_fatal_handler(int sig) {
  if (tt_have_saved_termios) tcsetattr(STDIN_FILENO, TCSANOW, &tt_saved_termios);
  // Attributes, the alternate screen, the cursor, and mouse reporting (every mode ncurses
  // may have turned on: a terminal left reporting would type escape codes into the shell).
  static const char reset[] = "\033[0m\033[?1049l\033[?25h\033[?1000l\033[?1002l\033[?1003l\033[?1006l\r\n";
  ssize_t r = write(STDOUT_FILENO, reset, sizeof reset - 1); (void)r;
  signal(sig, SIG_DFL);
  raise(sig);
}

/// Saves the terminal's modes and installs the handlers; quit signals go to `fd`.
static inline void tt_install_signal_handlers(int fd) {
  tt_signal_fd = fd;
  if (tcgetattr(STDIN_FILENO, &tt_saved_termios) == 0) tt_have_saved_termios = 1;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = tt_quit_handler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  // Ctrl-\: without this, Swift's runtime prints a backtrace over the dashboard.
  sigaction(SIGQUIT, &sa, NULL);
  // Resizes wake the loop the same way; it then asks the terminal for its size.
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGWINCH, &sa, NULL);
  struct sigaction fa;
  memset(&fa, 0, sizeof fa);
  fa.sa_handler = tt_fatal_handler;
  sigemptyset(&fa.sa_mask);
  sigaction(SIGSEGV, &fa, NULL);
  sigaction(SIGBUS, &fa, NULL);
  sigaction(SIGILL, &fa, NULL);
  sigaction(SIGFPE, &fa, NULL);
  sigaction(SIGABRT, &fa, NULL);
  sigaction(SIGTRAP, &fa, NULL);
  // A parent may have started us with these blocked (masks are inherited): then Ctrl-C,
  // kill and resizes would never arrive. Unblock exactly the ones handled here.
  sigset_t set;
  sigemptyset(&set);
  int handled[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (unsigned i = 0; i < sizeof handled / sizeof handled[0]; i++) sigaddset(&set, handled[i]);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/// The terminal's size now (rows, columns), or 0 when unknown.
static inline void tt_terminal_size(int *rows, int *cols) {
  struct winsize ws;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
    *rows = ws.ws_row;
    *cols = ws.ws_col;
  } else {
    *rows = 0;
    *cols = 0;
  }
}

static inline int tt_sigwinch(void) { return SIGWINCH; }

/// Puts the saved terminal modes back (after endwin, as a belt and braces).
static inline void tt_restore_saved_termios(void) {
  if (tt_have_saved_termios) tcsetattr(STDIN_FILENO, TCSANOW, &tt_saved_termios);
}

/// The ncurses library version, e.g. "ncurses 6.4.20221231".
static inline const char *tt_ncurses_version(void) { return curses_version(); }

#endif
