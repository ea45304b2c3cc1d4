#!/usr/bin/env bash
# make deps: everything tradeterm needs from the system, idempotent.
#   pkg-config, ncursesw headers, tmux (end-to-end tests), and a libcurl whose
#   WebSocket support is compiled in (curl-config --protocols lists WS/WSS).
# Debian 12 ships libcurl 7.88 without WebSocket support; there we enable the
# bookworm-backports suite and install libcurl4-openssl-dev (8.x) from it.
# Elsewhere we only check and say exactly what is missing.
set -euo pipefail

say() { printf 'deps: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "need root for: $*  (run it as root, or install sudo)"; return 1
  fi
}

curl_has_ws() {
  command -v curl-config >/dev/null 2>&1 && curl-config --protocols 2>/dev/null | grep -qx 'WS'
}

missing_tools() {
  local m=()
  command -v pkg-config >/dev/null 2>&1 || m+=(pkg-config)
  pkg-config --exists ncursesw 2>/dev/null || m+=(libncurses-dev)
  command -v tmux >/dev/null 2>&1 || m+=(tmux)
  printf '%s\n' "${m[@]}"
}

is_debian12() {
  [ -r /etc/os-release ] && . /etc/os-release && [ "${ID:-}" = debian ] && [ "${VERSION_CODENAME:-}" = bookworm ]
}

apt_updated=0
apt_update() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
}

enable_backports() {
  if grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null; then
    return 0
  fi
  say "enabling Debian's bookworm-backports suite (for libcurl 8.x with WebSocket support)"
  as_root tee /etc/apt/sources.list.d/tradeterm-backports.sources >/dev/null <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  apt_updated=0
}

pkgs=$(missing_tools | tr '\n' ' ')
if [ -z "${pkgs// /}" ] && curl_has_ws; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1 && is_debian12; then
  if [ -n "${pkgs// /}" ]; then
    say "installing $pkgs"
    apt_update
    # shellcheck disable=SC2086
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
  fi
  if ! curl_has_ws; then
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
  say "  Debian/Ubuntu: apt-get install pkg-config libncurses-dev tmux"
  say "  Fedora: dnf install pkgconf ncurses-devel tmux    macOS: brew install pkg-config ncurses tmux"
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
fi
[ "$fail" = 0 ] && say "ok: libcurl $(curl-config --version | cut -d' ' -f2) with WebSocket support, ncursesw, tmux"
exit "$fail"
