#!/bin/sh
# fetch.sh [clone]: copy Google's robots.cc, robots.h and LICENSE at the
# commit the benchmarks were measured with into robotstxt/ beside this
# script (git ignores it), for the build tag googlecc. With no argument it
# clones https://github.com/google/robotstxt into a temporary directory;
# given a clone (or a bare mirror) it reads the files from there.
set -eu
rev=22b355ff855419e6a3ff8ff09c0ad7fdb17116f9
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-}
if [ -z "$src" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	git clone -q https://github.com/google/robotstxt "$tmp/robotstxt"
	src=$tmp/robotstxt
fi
mkdir -p "$here/robotstxt"
for f in robots.cc robots.h LICENSE; do
	git -C "$src" show "$rev:$f" >"$here/robotstxt/$f"
done
echo "googlecc: Google's robots.cc at $rev in $here/robotstxt"
