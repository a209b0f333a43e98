#!/usr/bin/env bash
# Fuzzes catalint's front ends and configuration loader through the real command (scripts/fuzz.py):
# builds a release binary if there is none, then runs at low priority. Findings go to
# .fuzz/findings/ (git-ignored), each with its input and how to reproduce it.
#
#   scripts/fuzz.sh                  # one hour
#   scripts/fuzz.sh --minutes 10 --seed 42
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .build/release/catalint ]; then
  swift build -c release --product catalint
fi
exec nice -n 19 python3 scripts/fuzz.py --catalint .build/release/catalint "$@"
