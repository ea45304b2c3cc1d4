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

/// The ncurses library version, e.g. "ncurses 6.4.20221231".
static inline const char *tt_ncurses_version(void) { return curses_version(); }

#endif
