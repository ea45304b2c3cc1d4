#!/usr/bin/env bash
# Tests scripts/apt-backports.sh against fake etc/apt trees in a temporary directory: no root,
# no network, well under a second. Run by `make test` (and on its own: bash scripts/test-apt-backports.sh).
# The mirrors are made-up loopback and file:// URLs, never a real host.
set -uo pipefail

script="$(cd "$(dirname "$0")" && pwd)/apt-backports.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 cases=0

fail() { printf 'FAIL %s: %s\n' "$name" "$*"; failures=$((failures + 1)); }

# new_root NAME: an empty fake root $root with etc/apt/sources.list.d.
new_root() {
  name=$1 cases=$((cases + 1))
  root="$tmp/$name"
  mkdir -p "$root/etc/apt/sources.list.d"
  parts="$root/etc/apt/sources.list.d"
}

# run: the script against $root; sets $out (stdout), $err (stderr), $rc.
run() {
  out=$(bash "$script" --root "$root" 2>"$tmp/err")
  rc=$?
  err=$(cat "$tmp/err")
}

expect_file() { # PATH EXPECTED-CONTENT (without the two comment lines at the top)
  if [ ! -f "$1" ]; then fail "$1 not written"; return; fi
  local got
  got=$(grep -v '^#' "$1")
  [ "$got" = "$2" ] || fail "$1 is"$'\n'"$got"$'\n'"--- expected"$'\n'"$2"
}

# --- deb822, Debian 12's layout, on a non-default mirror -----------------------------------
new_root deb822
cat >"$parts/debian.sources" <<'EOF'
Types: deb
URIs: http://127.0.0.1:8099/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

# the main archive
Types: deb deb-src
URIs: http://127.0.0.1:8099/debian
Suites: bookworm bookworm-updates
Components: main contrib
# a comment inside the stanza
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
run
[ "$rc" = 0 ] && [ "$out" = written ] || fail "rc=$rc out=$out err=$err"
expect_file "$parts/tradeterm-backports.sources" "Types: deb
URIs: http://127.0.0.1:8099/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
grep -q 'debian.sources' "$parts/tradeterm-backports.sources" || fail "the file does not say where the mirror came from"
[ "$(ls "$parts")" = "debian.sources"$'\n'"tradeterm-backports.sources" ] || fail "other files: $(ls "$parts")"

# ... and again: nothing changes (idempotent).
before=$(cat "$parts/tradeterm-backports.sources")
run
[ "$rc" = 0 ] && [ "$out" = present ] || fail "second run: rc=$rc out=$out err=$err"
[ "$(cat "$parts/tradeterm-backports.sources")" = "$before" ] || fail "second run changed the file"

# ... and when the system moves to another mirror, our file follows it.
sed -i 's#http://127.0.0.1:8099/#file:///srv/mirror/#' "$parts/debian.sources"
run
[ "$rc" = 0 ] && [ "$out" = written ] || fail "after a mirror change: rc=$rc out=$out err=$err"
grep -qx 'URIs: file:///srv/mirror/debian' "$parts/tradeterm-backports.sources" || fail "did not follow the new mirror"

# --- deb822: a disabled stanza and a deb-src-only stanza are skipped; every option is kept,
# an inline multi-line Signed-By included; the file read first wins. --------------------------
new_root deb822-options
cat >"$parts/a-disabled.sources" <<'EOF'
Types: deb
URIs: http://127.0.0.2/old-debian
Suites: bookworm
Components: main
Enabled: no

Types: deb-src
URIs: http://127.0.0.3/debian-src
Suites: bookworm
Components: main
EOF
cat >"$parts/b-mirror.sources" <<'EOF'
Types: deb
URIs: http://127.0.0.1:3142/debian
Suites: bookworm
Components: main
Architectures: amd64 arm64
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 bWFkZSB1cCBrZXkgZm9yIGEgdGVzdA==
 -----END PGP PUBLIC KEY BLOCK-----
EOF
printf 'Types: deb\nURIs: http://127.0.0.4/debian\nSuites: bookworm\nComponents: main\n' >"$parts/c-later.sources"
run
[ "$rc" = 0 ] && [ "$out" = written ] || fail "rc=$rc out=$out err=$err"
expect_file "$parts/tradeterm-backports.sources" "Types: deb
URIs: http://127.0.0.1:3142/debian
Suites: bookworm-backports
Components: main
Architectures: amd64 arm64
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 bWFkZSB1cCBrZXkgZm9yIGEgdGVzdA==
 -----END PGP PUBLIC KEY BLOCK-----"

# --- one-line sources.list: options kept, deb-src, comments, cdrom and look-alike suites
# skipped; the result is a one-line .list file. A commented-out backports line does not count.
new_root one-line
cat >"$root/etc/apt/sources.list" <<'EOF'
# deb cdrom:[Debian GNU/Linux 12.5.0 _Bookworm_]/ bookworm main
deb cdrom:[Debian GNU/Linux 12.5.0 _Bookworm_]/ bookworm main
deb-src file:///srv/mirror/debian bookworm main
deb http://127.0.0.5/debian-security bookworm-security main
  deb [ arch=amd64 signed-by=/etc/apt/keyrings/mirror.gpg ] file:///srv/mirror/debian bookworm main contrib # local copy
deb http://127.0.0.5/debian bookworm main
# deb file:///srv/mirror/debian bookworm-backports main
EOF
echo 'deb https://127.0.0.6/apt tool-bookworm main' >"$parts/tool.list"
run
[ "$rc" = 0 ] && [ "$out" = written ] || fail "rc=$rc out=$out err=$err"
expect_file "$parts/tradeterm-backports.list" \
  "deb [ arch=amd64 signed-by=/etc/apt/keyrings/mirror.gpg ] file:///srv/mirror/debian bookworm-backports main"
[ ! -e "$parts/tradeterm-backports.sources" ] || fail "also wrote a .sources file"
run
[ "$rc" = 0 ] && [ "$out" = present ] || fail "second run: rc=$rc out=$out err=$err"

# --- no bookworm entry: nothing written, a clear message, exit 1 ----------------------------
new_root none
echo 'deb http://127.0.0.5/debian-security bookworm-security main' >"$root/etc/apt/sources.list"
echo 'deb https://127.0.0.6/apt tool-bookworm main' >"$parts/tool.list"
run
[ "$rc" = 1 ] && [ -z "$out" ] || fail "rc=$rc out=$out"
[ "$(ls "$parts")" = tool.list ] || fail "wrote something: $(ls "$parts")"
for want in "no enabled 'deb' entry for the suite bookworm" "Suites: bookworm-backports" \
  "bookworm-backports main' in $root/etc/apt/sources.list"; do
  grep -qF "$want" <<<"$err" || fail "message lacks \"$want\": $err"
done

# --- an empty tree (no sources.list, no sources.list.d) is the same: exit 1, nothing written
new_root empty
rm -r "$root/etc/apt/sources.list.d"
run
[ "$rc" = 1 ] && [ ! -e "$parts" ] || fail "rc=$rc, or it created $parts"

# --- backports already enabled by the system: nothing written ------------------------------
new_root already
printf 'Types: deb\nURIs: http://127.0.0.1:8099/debian\nSuites: bookworm bookworm-updates bookworm-backports\nComponents: main\n' \
  >"$parts/debian.sources"
run
[ "$rc" = 0 ] && [ "$out" = present ] || fail "rc=$rc out=$out err=$err"
[ "$(ls "$parts")" = debian.sources ] || fail "wrote something: $(ls "$parts")"

# --- our own file from an older make deps, with another mirror: rewritten to the system's ---
new_root stale
printf 'deb file:///srv/mirror/debian bookworm main\n' >"$root/etc/apt/sources.list"
printf 'Types: deb\nURIs: http://127.0.0.9/unreachable\nSuites: bookworm-backports\nComponents: main\n' \
  >"$parts/tradeterm-backports.sources"
run
[ "$rc" = 0 ] && [ "$out" = written ] || fail "rc=$rc out=$out err=$err"
expect_file "$parts/tradeterm-backports.list" "deb file:///srv/mirror/debian bookworm-backports main"
[ ! -e "$parts/tradeterm-backports.sources" ] || fail "left the stale .sources file"

if [ "$failures" = 0 ]; then
  echo "apt-backports: $cases cases passed"
else
  echo "apt-backports: $failures failure(s)"
  exit 1
fi
