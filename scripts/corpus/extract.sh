#!/usr/bin/env bash
# Extract the real-app corpus named in apps.csv into <repo root>/.corpus/<name>/.
#
# Each app is taken from a local bare git mirror at the exact commit in apps.csv, and only the
# files catalint reads (Swift, Objective-C and Objective-C++ sources, headers and prefix headers,
# YAML interface files, storyboards, xibs, the property lists that may be an app's Info.plist) or
# that idiom detection reads (Xcode projects, xcconfig files, XcodeGen project.yml) are written.
# The app's code stays
# in .corpus/ (git-ignored); it is never committed.
#
# Usage: scripts/corpus/extract.sh [NAME ...]     (default: every app in apps.csv)
# Mirrors: ${CATALINT_MIRRORS:-/work/.mirror}/<owner>+<repo>/repo (or .../repo/.git)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
mirrors=${CATALINT_MIRRORS:-/work/.mirror}
corpus="$root/.corpus"

# The files that catalint or its idiom detection reads, as git pathspecs.
pathspecs=(
  ':(glob)**/*.swift'
  ':(glob)**/*.m'
  ':(glob)**/*.mm'
  ':(glob)**/*.h'
  ':(glob)**/*.pch'
  ':(glob)**/*.storyboard'
  ':(glob)**/*.xib'
  ':(glob)**/*.interface.yml'
  ':(glob)**/*.interface.yaml'
  ':(glob)**/*.pbxproj'
  ':(glob)**/*.xcconfig'
  ':(glob)**/project.yml'
  ':(glob)**/*.plist'
)
# The same, as extended regular expressions over the paths git lists.
declare -A patterns=(
  [':(glob)**/*.swift']='\.swift$'
  [':(glob)**/*.m']='\.m$'
  [':(glob)**/*.mm']='\.mm$'
  [':(glob)**/*.h']='\.h$'
  [':(glob)**/*.pch']='\.pch$'
  [':(glob)**/*.storyboard']='\.storyboard$'
  [':(glob)**/*.xib']='\.xib$'
  [':(glob)**/*.interface.yml']='\.interface\.yml$'
  [':(glob)**/*.interface.yaml']='\.interface\.yaml$'
  [':(glob)**/*.pbxproj']='\.pbxproj$'
  [':(glob)**/*.xcconfig']='\.xcconfig$'
  [':(glob)**/project.yml']='(^|/)project\.yml$'
  [':(glob)**/*.plist']='\.plist$'
)
all_patterns=$(IFS='|'; echo "${patterns[*]}")

wanted=("$@")
is_wanted() {
  [[ ${#wanted[@]} -eq 0 ]] && return 0
  local w
  for w in "${wanted[@]}"; do [[ "$w" == "$1" ]] && return 0; done
  return 1
}

mkdir -p "$corpus"
status=0
found=0
while IFS=, read -r name repo commit excluded; do
  name=${name%$'\r'} repo=${repo%$'\r'} commit=${commit%$'\r'} excluded=${excluded%$'\r'}
  [[ "$name" == name || -z "$name" ]] && continue # header, blank lines
  is_wanted "$name" || continue
  found=$((found + 1))

  mirror="$mirrors/${repo/\//+}/repo"
  [[ -d "$mirror/.git" ]] && mirror="$mirror/.git"
  if [[ ! -f "$mirror/HEAD" ]]; then
    echo "extract: $name: no mirror of $repo at $mirrors/${repo/\//+}/repo" >&2
    echo "  bring it with the fetch tool (source github:$repo), then run this script again" >&2
    status=1
    continue
  fi
  if ! git --git-dir="$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "extract: $name: the mirror of $repo at $mirror does not contain commit $commit" >&2
    echo "  fetch a newer snapshot (source github:$repo), or update apps.csv to a commit it has" >&2
    status=1
    continue
  fi

  # Re-extract cleanly: write into a fresh folder, then swap it in.
  dest="$corpus/$name"
  tmp="$corpus/.$name.tmp"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  # git archive fails on a pathspec that matches nothing, so pass only those that match.
  files=$(git -c core.quotePath=false --git-dir="$mirror" ls-tree -r --name-only "$commit") # names as they are, not quoted
  specs=()
  for spec in "${pathspecs[@]}"; do
    if grep -qE "${patterns[$spec]}" <<<"$files"; then specs+=("$spec"); fi
  done
  if [[ ${#specs[@]} -eq 0 ]]; then
    echo "extract: $name: no Swift, Objective-C, interface or project files at $commit" >&2
    rm -rf "$tmp"
    status=1
    continue
  fi
  # Snapshots lack files of 4 MiB and more; git archive names those it meets even outside the
  # pathspecs ("error: invalid object ... for 'icons/Big.psd'") and carries on. Keep its other
  # messages, and check below that every wanted file arrived.
  if ! git --git-dir="$mirror" archive --format=tar "$commit" -- "${specs[@]}" 2>"$tmp.err" |
    tar -x -C "$tmp"; then
    cat "$tmp.err" >&2
    echo "extract: $name: git archive of $commit failed" >&2
    rm -rf "$tmp" "$tmp.err"
    status=1
    continue
  fi
  grep -v "^error: invalid object [0-9a-f]* [0-9a-f]* for '" "$tmp.err" >&2 || true
  rm -f "$tmp.err"
  expected=$(grep -cE "$all_patterns" <<<"$files" || true)
  got=$(find "$tmp" -type f | wc -l)
  if [[ "$got" -ne "$expected" ]]; then
    echo "extract: $name: $got files extracted, but $commit has $expected matching files" >&2
    echo "  (a file may be absent from the mirror: snapshots lack files of 4 MiB and more)" >&2
    status=1
  fi
  # The configuration a user of the app would write: the test targets, watch apps and screenshot
  # tools are not the app that runs on the Mac (apps.csv, `excluded`, `;`-separated globs).
  {
    echo "# Written by scripts/corpus/extract.sh from apps.csv: what is not the app that runs on the Mac."
    IFS=';' read -ra globs <<<"$excluded"
    listed=()
    for glob in "${globs[@]}"; do [[ -n "$glob" ]] && listed+=("$glob"); done
    if [[ ${#listed[@]} -eq 0 ]]; then
      echo "excluded: []  # none: the Xcode project decides what is built"
    else
      echo "excluded:"
      for glob in "${listed[@]}"; do echo "  - \"$glob\""; done
    fi
  } > "$tmp/.catalint.yml"
  rm -rf "$dest"
  mv "$tmp" "$dest"

  swift=$(find "$dest" -name '*.swift' -type f | wc -l)
  objc=$(find "$dest" \( -name '*.m' -o -name '*.mm' \) -type f | wc -l)
  headers=$(find "$dest" \( -name '*.h' -o -name '*.pch' \) -type f | wc -l)
  ib=$(find "$dest" \( -name '*.storyboard' -o -name '*.xib' \) -type f | wc -l)
  plists=$(find "$dest" -name '*.plist' -type f | wc -l)
  echo "extract: $name ($repo @ ${commit:0:12}): $swift Swift files, $objc Objective-C files," \
    "$headers headers, $ib storyboards/xibs, $plists property lists -> .corpus/$name"
done < "$here/apps.csv"

if [[ ${#wanted[@]} -gt 0 && $found -ne ${#wanted[@]} ]]; then
  echo "extract: some of the names given are not in apps.csv: ${wanted[*]}" >&2
  status=1
fi
exit $status
