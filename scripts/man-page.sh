#!/usr/bin/env bash
# The man page of tradeterm (roff, on stdout), made from its own `--help` (make install):
# ArgumentParser's GenerateManual plugin builds every product of the package in release mode
# first, which `make install` should not have to. The help's sections become the page's:
# OVERVIEW the NAME line, the text under it DESCRIPTION, USAGE the SYNOPSIS, ARGUMENTS and
# OPTIONS lists of tagged paragraphs (ArgumentParser puts the descriptions at column 27).
# Usage: scripts/man-page.sh path/to/tradeterm > tradeterm.1
set -euo pipefail
binary=${1:?usage: $0 path/to/tradeterm}
version=$("$binary" --version 2>/dev/null | head -n 1 || true)
COLUMNS=100 "$binary" --help | awk -v version="$version" -v date="$(date -u +%Y-%m-%d)" '
  # roff: a backslash doubled, hyphens as \-, a line starting with . or '"'"' kept as text.
  function esc(s) {
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    if (s ~ /^[.'"'"']/) s = "\\&" s
    return s
  }
  BEGIN {
    print ".TH TRADETERM 1 \"" date "\" \"" esc(version) "\" \"User Commands\""
    section = ""
  }
  /^OVERVIEW: / {
    sub(/^OVERVIEW: /, "")
    print ".SH NAME"
    print "tradeterm \\- " esc($0)
    section = "description"
    description = ""
    next
  }
  # The help says the discussion before the usage; a man page the synopsis first.
  /^USAGE: / {
    sub(/^USAGE: /, "")
    print ".SH SYNOPSIS"
    print ".B " esc($0)
    print ".SH DESCRIPTION"
    sub(/\.PP\n$/, "", description)
    printf "%s", description
    section = "usage"
    next
  }
  /^ARGUMENTS:$/ { print ".SH ARGUMENTS"; section = "list"; next }
  /^OPTIONS:$/ { print ".SH OPTIONS"; section = "list"; next }
  /^$/ { if (section == "description" && description != "") description = description ".PP\n"; next }
  section == "description" { description = description esc($0) "\n"; next }
  section == "list" {
    item = substr($0, 3, 24)
    text = substr($0, 27)
    sub(/ +$/, "", item)
    sub(/^ +/, "", text)
    if (item != "" && substr($0, 1, 2) == "  " && substr($0, 3, 1) != " ") {
      if (length($0) > 2 && substr($0, 26, 1) != " " && substr($0, 27, 1) != " ") {
        # A label longer than its column: the description is on the next lines.
        item = substr($0, 3); text = ""
        sub(/ +$/, "", item)
      }
      print ".TP"
      print ".B " esc(item)
    }
    if (text != "") print esc(text)
    next
  }
  { print esc($0) }
  END {
    print ".SH FILES"
    print ".TP"
    print ".I $XDG_CONFIG_HOME/tradeterm/config.toml"
    print "Settings, themes, keys and alerts (`tradeterm config \\-\\-example` prints a commented one)."
    print ".TP"
    print ".I $XDG_STATE_HOME/tradeterm/"
    print "Alerts added live, favourites and the paper journal (paper.jsonl)."
    print ".SH SEE ALSO"
    print "The README of tradeterm, for the keys, the screens and what every number means."
  }
'
