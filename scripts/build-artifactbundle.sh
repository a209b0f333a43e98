#!/usr/bin/env bash
# Builds catalint's release assets into OUTDIR: the SwiftPM artifact bundle, its checksum, and the
# plain binary of this platform with its checksum. docs/distribution.md describes the names and the
# layout; DistributionTests keeps them as described there.
#
#   scripts/build-artifactbundle.sh [--binary FILE] [--merge ZIP]... [--no-build] OUTDIR
#
#   (no option)    build catalint in release for this machine: on Linux with the Swift runtime linked
#                  statically (--static-swift-stdlib), on macOS a universal binary (arm64 + x86_64)
#   --binary FILE  package FILE instead of building: a release build of this checkout for this
#                  machine, made as above (on Linux it must not load the Swift runtime either)
#   --merge ZIP    add the variants of a catalint.artifactbundle.zip built on another platform; repeat
#                  it for each (the release job merges the Linux and macOS bundles this way)
#   --no-build     add no binary of this machine: only merge the --merge bundles
#
# It runs unchanged on Linux and macOS (bash, zip, unzip, and sha256sum or shasum).
set -euo pipefail

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "build-artifactbundle: $*" >&2; exit 1; }

binary=""
build=1
merges=()
outdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || usage; binary="$2"; shift 2 ;;
    --merge) [ $# -ge 2 ] || usage; merges+=("$2"); shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) usage ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) [ -z "$outdir" ] || usage; outdir="$1"; shift ;;
  esac
done
[ -n "$outdir" ] || usage
[ "$build" -eq 1 ] || [ ${#merges[@]} -gt 0 ] || fail "--no-build needs at least one --merge bundle"
[ "$build" -eq 1 ] || [ -z "$binary" ] || fail "--binary and --no-build cannot go together"

cd "$(dirname "$0")/.."
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
bundle="$stage/catalint.artifactbundle"
mkdir -p "$bundle"

checksum() {
  if command -v sha256sum > /dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

# variants: one line per variant, `PLATFORM TRIPLE...`; the platform names the folder in the
# bundle and the plain binary (catalint-PLATFORM).
variants="$stage/variants"
: > "$variants"
version=""

# This machine's binary: its platform and triples, and a check that it stands alone.
if [ "$build" -eq 1 ]; then
  case "$(uname -s)" in
    Linux)
      case "$(uname -m)" in
        x86_64|amd64) arch=x86_64 ;;
        aarch64|arm64) arch=aarch64 ;;
        *) fail "no catalint release for Linux on $(uname -m)" ;;
      esac
      platform="linux-$arch"
      triples="$arch-unknown-linux-gnu"
      if [ -z "$binary" ]; then
        swift build -c release --static-swift-stdlib --product catalint
        binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/catalint"
      fi
      # The release must run where no Swift toolchain is installed.
      if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
        fail "$binary loads the Swift runtime (above): build it with --static-swift-stdlib"
      fi
      ;;
    Darwin)
      platform="macos"
      triples="arm64-apple-macosx x86_64-apple-macosx"
      if [ -z "$binary" ]; then
        swift build -c release --arch arm64 --arch x86_64 --product catalint
        binary="$(swift build -c release --arch arm64 --arch x86_64 --show-bin-path)/catalint"
      fi
      archs="$(lipo -archs "$binary")"
      for needed in arm64 x86_64; do
        case " $archs " in *" $needed "*) ;; *) fail "$binary is not universal: it has $archs, not $needed" ;; esac
      done
      ;;
    *) fail "no catalint release for $(uname -s)" ;;
  esac
  [ -x "$binary" ] || fail "no executable at $binary"
  mkdir -p "$bundle/$platform/bin"
  cp "$binary" "$bundle/$platform/bin/catalint"
  # Linux release builds carry their debug information in the binary: the release does without.
  if [ "$platform" != macos ]; then strip "$bundle/$platform/bin/catalint"; fi
  version="$("$bundle/$platform/bin/catalint" --version)"
  echo "$platform $triples" >> "$variants"
  cp "$bundle/$platform/bin/catalint" "$outdir/catalint-$platform"
  checksum "$outdir/catalint-$platform" > "$outdir/catalint-$platform.sha256"
fi

# The bundles of other platforms: their variants, and the same version.
for zip in ${merges[@]+"${merges[@]}"}; do
  [ -f "$zip" ] || fail "no bundle at $zip"
  from="$(mktemp -d "$stage/merge.XXXXXX")"
  unzip -q "$zip" -d "$from"
  info="$from/catalint.artifactbundle/info.json"
  [ -f "$info" ] || fail "$zip holds no catalint.artifactbundle/info.json"
  theirs="$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' "$info")"
  [ -n "$theirs" ] || fail "$zip: no version in its info.json"
  [ -z "$version" ] || [ "$version" = "$theirs" ] || fail "$zip is catalint $theirs, not $version"
  version="$theirs"
  # Each variant is one line of info.json: {"path": "PLATFORM/bin/catalint", "supportedTriples": [...]}
  sed -n 's/^ *{"path": "\([^/"]*\)\/bin\/catalint", "supportedTriples": \[\(.*\)\]},\{0,1\}$/\1 \2/p' "$info" | tr -d '",' |
    while read -r platform triples; do
      if grep -q "^$platform " "$variants"; then
        cmp -s "$bundle/$platform/bin/catalint" "$from/catalint.artifactbundle/$platform/bin/catalint" \
          || fail "$zip has another $platform binary than a bundle merged before it"
        continue
      fi
      mkdir -p "$bundle/$platform/bin"
      cp "$from/catalint.artifactbundle/$platform/bin/catalint" "$bundle/$platform/bin/catalint"
      echo "$platform $triples" >> "$variants"
    done
done
[ -s "$variants" ] || fail "no variant to bundle"

# info.json: the variants in a fixed order (macOS, then Linux by architecture), one a line.
{
  printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n    "catalint": {\n'
  printf '      "version": "%s",\n      "type": "executable",\n      "variants": [\n' "$version"
  { grep '^macos ' "$variants" || true; grep -v '^macos ' "$variants" | LC_ALL=C sort || true; } | {
    first=1
    while read -r platform triples; do
      [ "$first" -eq 1 ] || printf ',\n'
      first=0
      list=""
      for triple in $triples; do list="$list${list:+, }\"$triple\""; done
      printf '        {"path": "%s/bin/catalint", "supportedTriples": [%s]}' "$platform" "$list"
    done
    printf '\n'
  }
  printf '      ]\n    }\n  }\n}\n'
} > "$bundle/info.json"

# A zip with the same bytes for the same binaries: fixed times, sorted entries, no extra fields.
# SwiftPM checks the checksum of the zip, not of the binary.
(
  cd "$stage"
  find catalint.artifactbundle -exec env TZ=UTC touch -h -t 202001010000.00 {} +
  rm -f "$outdir/catalint.artifactbundle.zip"
  find catalint.artifactbundle -print | LC_ALL=C sort | TZ=UTC zip -q -X -D "$outdir/catalint.artifactbundle.zip" -@
)
checksum "$outdir/catalint.artifactbundle.zip" > "$outdir/catalint.artifactbundle.zip.sha256"

echo "catalint $version: $outdir/catalint.artifactbundle.zip ($(wc -c < "$outdir/catalint.artifactbundle.zip" | tr -d ' ') bytes)"
sed 's/^/  /' "$bundle/info.json"
echo "checksum $(cat "$outdir/catalint.artifactbundle.zip.sha256")"
