#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (the storefront example, the panel, the API
# reference page), when the machine lacks it. playwright-core drives it; it downloads no browser.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
fi
