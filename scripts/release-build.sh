#!/usr/bin/env bash
# A release build of one product (make build/demo/bench/soak): the Swift runtime and Foundation
# linked statically, for a self-contained binary that starts in about half the time.
#
# The toolchain's static Foundation (libFoundationEssentials.a) calls mktemp, and GNU ld warns
# about that at every static link. That line is about the toolchain's own library, not this
# code: it is left out of the output. Everything else, and the exit status, pass through.
set -uo pipefail
#
# Every Swift function (this package's and its dependencies') goes in a section of its own, so
# that the link can lay out together the functions a streaming dashboard runs
# (`scripts/tradeterm.order`, Package.swift): a Swift object file is otherwise one section.
swift build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections --product "$1" 2>&1 |
  grep -v -e "the use of \`mktemp' is dangerous" --line-buffered
status=${PIPESTATUS[0]}
exit "$status"
