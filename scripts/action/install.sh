#!/usr/bin/env bash
# The "Install catalint" step of action.yml. Downloads the release's plain binary for the runner
# (catalint-linux-x86_64, catalint-linux-aarch64 or catalint-macos, see docs/distribution.md),
# checks it against its .sha256, and puts it on the PATH. When the release has no binary for the
# runner, or cannot be reached, it builds the catalint of the action's own checkout instead.
#
# Reads: INPUT_VERSION (empty: the action's tag, else the newest release), ACTION_REF, RUNNER_OS,
# RUNNER_ARCH, RUNNER_TEMP, GITHUB_ACTION_PATH, GITHUB_PATH, GITHUB_OUTPUT, and
# CATALINT_RELEASES_URL (default https://github.com/catalint/catalint/releases: a mirror of the
# release pages, for GitHub Enterprise servers without access to github.com, and for CI's test).
# Writes the outputs version, path and source (release or source).
set -euo pipefail

releases="${CATALINT_RELEASES_URL:-https://github.com/catalint/catalint/releases}"
version="${INPUT_VERSION:-}"
if [ -z "$version" ] && printf '%s' "${ACTION_REF:-}" | grep -Eq '^v?[0-9]+\.[0-9]+\.[0-9]+$'; then
  version="${ACTION_REF#v}"
fi
if [ -n "$version" ]; then base="$releases/download/$version"; else base="$releases/latest/download"; fi

case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  Linux/X64) asset=catalint-linux-x86_64 ;;
  Linux/ARM64) asset=catalint-linux-aarch64 ;;
  macOS/X64|macOS/ARM64) asset=catalint-macos ;;
  *) asset="" ;;
esac

checksum() {
  if command -v sha256sum > /dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

bin="$RUNNER_TEMP/catalint/bin"
mkdir -p "$bin"
download="$RUNNER_TEMP/catalint/download"
rm -rf "$download"
mkdir -p "$download"
source=""
if [ -n "$asset" ] \
  && curl -fsSL --retry 3 -o "$download/catalint" "$base/$asset" \
  && curl -fsSL --retry 3 -o "$download/catalint.sha256" "$base/$asset.sha256"; then
  expected="$(cut -c1-64 < "$download/catalint.sha256")"
  actual="$(checksum "$download/catalint")"
  if [ "$expected" != "$actual" ]; then
    # A binary that is not the released one is never run, and no build hides it.
    echo "::error title=catalint::$base/$asset has the SHA-256 $actual, but its .sha256 says $expected"
    exit 1
  fi
  mv "$download/catalint" "$bin/catalint"
  chmod +x "$bin/catalint"
  source=release
  echo "catalint: installed $asset from $base"
else
  echo "::notice title=catalint::no released catalint ${version:-(newest)} for ${RUNNER_OS:-this runner} ${RUNNER_ARCH:-}; building it from the action's source, which takes minutes"
  # The same command as scripts/build-artifactbundle.sh, run in the package's folder (asked for with
  # --package-path from another folder, SwiftPM rebuilt modules a build there had made).
  if [ "$(uname -s)" = Linux ]; then
    flags=(-c release --static-swift-stdlib --product catalint)
  else
    flags=(-c release --product catalint)
  fi
  (cd "$GITHUB_ACTION_PATH" && swift build "${flags[@]}" && cp "$(swift build "${flags[@]}" --show-bin-path)/catalint" "$bin/catalint")
  source=source
fi

installed="$("$bin/catalint" --version)"
if [ -n "$version" ] && [ "$installed" != "$version" ]; then
  echo "::error title=catalint::catalint $version was asked for, but the $source gave $installed"
  exit 1
fi
echo "$bin" >> "$GITHUB_PATH"
{
  echo "version=$installed"
  echo "path=$bin/catalint"
  echo "source=$source"
} >> "$GITHUB_OUTPUT"
echo "catalint $installed ($source) at $bin/catalint"
