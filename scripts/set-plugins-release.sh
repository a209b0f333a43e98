#!/usr/bin/env bash
# Points the plugins package at a release: sets `release` in CatalintPlugins/Package.swift (or in
# the Package.swift of the folder given) to the version and the checksum of its
# catalint.artifactbundle.zip. The release workflow runs it before it publishes the folder.
#
#   scripts/set-plugins-release.sh VERSION CHECKSUM [PACKAGE-FOLDER]
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; fi
version="$1"
checksum="$2"
manifest="${3:-$(dirname "$0")/../CatalintPlugins}/Package.swift"
printf '%s' "$version" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$' || { echo "not a version: $version" >&2; exit 2; }
printf '%s' "$checksum" | grep -Eq '^[0-9a-f]{64}$' || { echo "not a SHA-256 checksum: $checksum" >&2; exit 2; }
[ "$(grep -c '^let release: (version: String, checksum: String)? = ' "$manifest")" -eq 1 ] \
  || { echo "$manifest has no single \`let release: ... = \` line to set" >&2; exit 1; }

updated="$(mktemp)"
trap 'rm -f "$updated"' EXIT
sed "s/^let release: (version: String, checksum: String)? = .*$/let release: (version: String, checksum: String)? = (version: \"$version\", checksum: \"$checksum\")/" \
  "$manifest" > "$updated"
cat "$updated" > "$manifest"
grep '^let release: ' "$manifest"
