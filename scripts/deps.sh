#!/usr/bin/env bash
# make deps: everything tradeterm needs from the system, idempotent.
#   ncursesw headers, tmux (end-to-end tests), the curl command (end-to-end tests), and a
#   libcurl whose WebSocket support is compiled in (curl-config --protocols lists WS).
# On Linux the build asks pkg-config nothing (Package.swift): the module maps include
# <curl/curl.h> and <ncurses.h> by their system path and link curl and ncursesw by name, so
# this script checks, with the toolchain's C compiler, that both compile and link as they are.
# Debian 12 ships libcurl 7.88 without WebSocket support; there we enable the
# bookworm-backports suite from the mirror the system already uses (scripts/apt-backports.sh)
# and install libcurl4-openssl-dev (8.x) from it. Elsewhere we only check and say exactly
# what is missing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
say() { printf 'deps: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "need root for: $*  (run it as root, or install sudo)"; return 1
  fi
}

linux=0
[ "$(uname -s)" = Linux ] && linux=1

# The C compiler of the Swift toolchain (the one SwiftPM's clang importer matches), else any.
cc=""
if [ "$linux" = 1 ]; then
  if command -v swift >/dev/null 2>&1 && [ -x "$(dirname "$(readlink -f "$(command -v swift)")")/clang" ]; then
    cc="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
  else
    cc=$(command -v clang || command -v cc || command -v gcc || true)
  fi
fi

# builds LIB HEADER SOURCE: SOURCE compiles and links with -lLIB and nothing else (no -I, no
# -L), as SwiftPM builds CCurl and CNcursesW on Linux. Without a compiler to ask (no toolchain
# yet): HEADER is in one of the default include directories.
builds() {
  local dir rc=0 h
  if [ -z "$cc" ]; then
    for h in /usr/local/include/"$2" /usr/include/"$2" /usr/include/*-linux-*/"$2"; do
      [ -f "$h" ] && return 0
    done
    probe_log="$2 not found in /usr/include or /usr/local/include"
    return 1
  fi
  dir=$(mktemp -d)
  printf '%s\n' "$3" >"$dir/probe.c"
  "$cc" "$dir/probe.c" -o "$dir/probe" "-l$1" >"$dir/log" 2>&1 || rc=$?
  [ "$rc" = 0 ] || probe_log=$(head -5 "$dir/log")
  rm -rf "$dir"
  return "$rc"
}

curl_builds() {
  builds curl curl/curl.h '#include <curl/curl.h>
#if LIBCURL_VERSION_NUM < 0x075600
#error "libcurl headers older than 7.86: no WebSocket API"
#endif
int main(void) {
  size_t sent;
  return (int)curl_ws_send(curl_easy_init(), "", 0, &sent, 0, CURLWS_TEXT);
}'
}

ncursesw_builds() {
  builds ncursesw ncurses.h '#define NCURSES_WIDECHAR 1
#include <ncurses.h>
int main(void) {
  cchar_t c = {0};
  return mvwadd_wch(stdscr, 0, 0, &c);
}'
}

zlib_builds() {
  builds z zlib.h '#include <zlib.h>
int main(void) { return gzclose(gzopen("/dev/null", "rb")); }'
}

curl_has_ws() {
  command -v curl-config >/dev/null 2>&1 && curl-config --protocols 2>/dev/null | grep -qx 'WS'
}

curl_ok() {
  curl_has_ws && { [ "$linux" = 0 ] || curl_builds; }
}

missing_tools() {
  local m=()
  if [ "$linux" = 1 ]; then
    ncursesw_builds || m+=(libncurses-dev)
    zlib_builds || m+=(zlib1g-dev)
    # The direct-colour terminfo entries (xterm-direct, tmux-direct) a theme's #rrggbb colours
    # are drawn through when COLORTERM=truecolor; without them those colours are the nearest 256.
    if command -v infocmp >/dev/null 2>&1 && ! infocmp xterm-direct >/dev/null 2>&1; then m+=(ncurses-term); fi
  else
    command -v pkg-config >/dev/null 2>&1 || m+=(pkg-config)
    pkg-config --exists ncursesw 2>/dev/null || m+=(libncurses-dev)
  fi
  command -v tmux >/dev/null 2>&1 || m+=(tmux)
  command -v curl >/dev/null 2>&1 || m+=(curl)
  printf '%s\n' "${m[@]}"
}

is_debian12() {
  [ -r /etc/os-release ] && . /etc/os-release && [ "${ID:-}" = debian ] && [ "${VERSION_CODENAME:-}" = bookworm ]
}

apt_updated=0
apt_update() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
}

# bookworm-backports from the system's own mirror; stops here when there is none to take.
enable_backports() {
  local state
  if ! state=$(as_root bash "$here/apt-backports.sh"); then
    say "could not enable bookworm-backports (see above); libcurl with WebSocket support not installed"
    exit 1
  fi
  [ "$state" = present ] || apt_updated=0
}

pkgs=$(missing_tools | tr '\n' ' ')
if [ -z "${pkgs// /}" ] && curl_ok; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1 && is_debian12; then
  if [ -n "${pkgs// /}" ]; then
    say "installing $pkgs"
    apt_update
    # shellcheck disable=SC2086
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
  fi
  if ! curl_ok; then
    enable_backports
    apt_update
    say "installing libcurl4-openssl-dev from bookworm-backports"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -t bookworm-backports \
      libcurl4-openssl-dev libcurl4 curl >/dev/null
  fi
elif command -v apt-get >/dev/null 2>&1 && [ -n "${pkgs// /}" ]; then
  say "installing $pkgs"
  apt_update
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
fi

fail=0
pkgs=$(missing_tools | tr '\n' ' ')
if [ -n "${pkgs// /}" ]; then
  say "missing: $pkgs"
  say "  Debian/Ubuntu: apt-get install libncurses-dev tmux curl"
  say "  Fedora: dnf install ncurses-devel tmux curl    macOS: brew install pkg-config ncurses tmux"
  if [ "$linux" = 1 ] && ! ncursesw_builds; then
    say "  (<ncurses.h> with -lncursesw on the compiler's default paths: $probe_log)"
  fi
  fail=1
fi
if ! curl_has_ws; then
  if command -v curl-config >/dev/null 2>&1; then
    say "libcurl $(curl-config --version | cut -d' ' -f2) has no WebSocket support (curl-config --protocols lacks WS)."
  else
    say "libcurl development files not found (no curl-config)."
  fi
  say "  tradeterm needs libcurl >= 7.86 built with WebSockets (8.x recommended), and its headers:"
  say "  Debian 12: enable bookworm-backports, then apt-get install -t bookworm-backports libcurl4-openssl-dev"
  say "  Ubuntu 24.04+/Debian 13+: apt-get install libcurl4-openssl-dev    Fedora 40+: dnf install libcurl-devel"
  say "  macOS: brew install curl, then export PKG_CONFIG_PATH=\"\$(brew --prefix curl)/lib/pkgconfig\""
  fail=1
elif [ "$linux" = 1 ] && ! curl_builds; then
  say "libcurl $(curl-config --version | cut -d' ' -f2) speaks WebSocket, but <curl/curl.h> with -lcurl does not"
  say "  build on the compiler's default paths, which is how tradeterm's build uses it on Linux:"
  say "  $probe_log"
  say "  Install libcurl's development files under /usr or /usr/local (Debian: libcurl4-openssl-dev),"
  say "  or build with swift build -Xcc -I<include dir> -Xlinker -L<lib dir>."
  fail=1
fi
[ "$fail" = 0 ] && say "ok: libcurl $(curl-config --version | cut -d' ' -f2) with WebSocket support, ncursesw, tmux"
exit "$fail"
