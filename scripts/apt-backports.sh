#!/usr/bin/env bash
# Enables Debian 12's bookworm-backports suite from the mirror this system already uses.
#
#   scripts/apt-backports.sh [--root DIR]
#
# Reads apt's sources (sources.list in one-line format, sources.list.d/*.list and the deb822
# sources.list.d/*.sources, in the order apt reads them) and takes the first enabled `deb`
# entry whose suites include `bookworm` (not bookworm-security, bookworm-updates, ...). It
# writes the same mirror with the suite bookworm-backports, component main, and the entry's
# options (Signed-By, Trusted, Architectures, ...) to sources.list.d/tradeterm-backports.sources
# (or tradeterm-backports.list when the entry was a one-line one). Nothing else is changed.
#
# Prints one word on stdout: `present` (backports already enabled, or our file already says
# this) or `written` (the file was created or updated: run apt-get update). When no bookworm
# entry is found it writes nothing, says which entry to add, and exits 1.
#
# --root DIR reads and writes DIR/etc/apt/... instead (the tests use a fake tree). Without it
# the paths are apt's own (apt-config, so Dir::Etc settings and APT_CONFIG are honoured).
set -euo pipefail

say() { printf 'deps: %s\n' "$*" >&2; }

root=""
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="${2:?--root needs a directory}"; shift 2 ;;
    --root=*) root="${1#--root=}"; shift ;;
    *) say "apt-backports.sh: unknown argument $1 (usage: apt-backports.sh [--root DIR])"; exit 2 ;;
  esac
done

if [ -n "$root" ]; then
  list="${root%/}/etc/apt/sources.list"
  parts="${root%/}/etc/apt/sources.list.d"
elif command -v apt-config >/dev/null 2>&1; then
  list=/etc/apt/sources.list parts=/etc/apt/sources.list.d
  eval "$(apt-config shell list Dir::Etc::SourceList/f parts Dir::Etc::SourceParts/d)"
  parts="${parts%/}"
else
  list=/etc/apt/sources.list parts=/etc/apt/sources.list.d
fi

ours_822="$parts/tradeterm-backports.sources"
ours_line="$parts/tradeterm-backports.list"

# apt's order: sources.list, then sources.list.d's *.list and *.sources by name. Our own file
# is left out: it is what we are about to (re)write.
files=()
[ -f "$list" ] && files+=("$list")
if [ -d "$parts" ]; then
  while IFS= read -r f; do
    case "$f" in "$ours_822" | "$ours_line") continue ;; esac
    [ -f "$f" ] && files+=("$f")
  done < <(LC_ALL=C find "$parts" -maxdepth 1 \( -name '*.list' -o -name '*.sources' \) | LC_ALL=C sort)
fi

# One pass over every file. Prints either
#   enabled <TAB> FILE                    bookworm-backports is already an enabled deb entry
#   mirror <TAB> deb822|line <TAB> FILE <TAB> URIS   then the lines of the entry to write
#   none
# A file ending in .sources is deb822 (stanzas of `Field: value`, continuation lines indented,
# `#` comments); every other file has one entry a line: deb [options] URI SUITE COMPONENT...
scan() {
  [ ${#files[@]} -gt 0 ] || { echo none; return; }
  LC_ALL=C awk '
    function has(words, w,   n, a, i) {
      n = split(words, a, /[ \t]+/)
      for (i = 1; i <= n; i++) if (a[i] == w) return 1
      return 0
    }
    function consider(file, types, suites, enabled, uris, fmt, body) {
      if (!has(types, "deb") || tolower(enabled) == "no") return
      if (has(suites, "bookworm-backports") && backports == "") backports = file
      if (has(suites, "bookworm") && mirror == "" && uris != "" && uris !~ /^cdrom:/) {
        mirror = file; mirror_fmt = fmt; mirror_uris = uris; mirror_body = body
      }
    }
    function flush822(   body) {
      if (nfields > 0) {
        body = "Types: deb\nURIs: " uris "\nSuites: bookworm-backports\nComponents: main"
        if (options != "") body = body "\n" options
        consider(cur, types, suites, enabled, uris, "deb822", body)
      }
      nfields = 0; types = suites = uris = options = ""; enabled = "yes"; last = ""
    }
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
    FNR == 1 {
      if (is822) flush822()
      cur = FILENAME; is822 = (FILENAME ~ /\.sources$/)
    }
    is822 {
      if ($0 ~ /^#/) next
      if ($0 ~ /^[ \t\r]*$/) { flush822(); next }
      if ($0 ~ /^[ \t]/) {                       # continuation of the field before
        if (last == "types") types = types " " trim($0)
        else if (last == "uris") uris = uris " " trim($0)
        else if (last == "suites") suites = suites " " trim($0)
        else if (last == "option") options = options "\n" $0
        next
      }
      c = index($0, ":"); if (c == 0) next
      name = tolower(trim(substr($0, 1, c - 1))); value = trim(substr($0, c + 1))
      nfields++; last = name
      if (name == "types") types = value
      else if (name == "uris") uris = value
      else if (name == "suites") suites = value
      else if (name == "enabled") enabled = value
      else if (name == "components") last = "components"
      else { last = "option"; options = (options == "" ? "" : options "\n") $0 }
      next
    }
    {
      line = $0; sub(/#.*/, "", line); line = trim(line)
      if (line == "") next
      n = split(line, w, /[ \t]+/)
      if (w[1] != "deb") next
      i = 2; opts = ""
      if (substr(w[2], 1, 1) == "[") {
        opts = w[2]
        while (opts !~ /\]$/ && i < n) { i++; opts = opts " " w[i] }
        i++
      }
      uri = w[i]                                 # cdrom:[Debian GNU/Linux 12 ...]/ has spaces
      if (uri ~ /\[/) while (uri !~ /\]/ && i < n) { i++; uri = uri " " w[i] }
      if (i + 1 > n) next
      suite = w[i + 1]
      consider(FILENAME, "deb", suite, "yes", uri, "line", \
        "deb " (opts == "" ? "" : opts " ") uri " bookworm-backports main")
    }
    END {
      if (is822) flush822()
      if (backports != "") print "enabled\t" backports
      else if (mirror != "") { print "mirror\t" mirror_fmt "\t" mirror "\t" mirror_uris; print mirror_body }
      else print "none"
    }
  ' "${files[@]}"
}

result=$(scan)
head=${result%%$'\n'*}
case "$head" in
  enabled*)
    say "bookworm-backports is already enabled (${head#enabled$'\t'})"
    echo present
    exit 0
    ;;
  none)
    say "no enabled 'deb' entry for the suite bookworm found in $list or $parts/ (*.list, *.sources),"
    say "  so there is no mirror to take bookworm-backports from. Add it for your Debian mirror,"
    say "  e.g. as $ours_822:"
    say "    Types: deb"
    say "    URIs: <your Debian mirror's URL, as in your bookworm entry>"
    say "    Suites: bookworm-backports"
    say "    Components: main"
    say "    Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
    say "  or the line 'deb <your Debian mirror's URL> bookworm-backports main' in $list,"
    say "  then run make deps again."
    exit 1
    ;;
esac

IFS=$'\t' read -r _ fmt from mirror_uris <<<"$head"
body=${result#*$'\n'}
if [ "$fmt" = deb822 ]; then target=$ours_822 other=$ours_line; else target=$ours_line other=$ours_822; fi
content="# Written by tradeterm's make deps (scripts/apt-backports.sh), which rewrites it when the
# mirror changes: bookworm-backports from the mirror of the bookworm entry in $from
$body"

if [ -f "$target" ] && [ "$(cat "$target")" = "$content" ] && [ ! -e "$other" ]; then
  say "bookworm-backports is already enabled ($target)"
  echo present
  exit 0
fi
mkdir -p "$parts"
printf '%s\n' "$content" >"$target.tmp"
mv "$target.tmp" "$target"
rm -f "$other"
say "enabled bookworm-backports from $mirror_uris (the mirror of $from) in $target"
echo written
