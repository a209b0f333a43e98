#!/usr/bin/env bash
# The "Lint" step of action.yml: runs `catalint lint` once, with the SARIF report and a Markdown
# summary written to files (`--report FORMAT=PATH`; the log gets the text report), then appends the
# summary to the job's. It never fails itself: the exit status goes to the exit-code output, so that the SARIF
# is uploaded before the action's last step fails the job.
#
# Reads: INPUT_PATHS (separated by spaces or new lines), INPUT_CONFIG, INPUT_STRICT, INPUT_BASELINE,
# CATALINT (the executable), CATALINT_CACHE_DIR, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY.
# Writes the outputs sarif (empty when catalint wrote none) and exit-code.
set -euo pipefail

catalint="${CATALINT:-catalint}"
options=(--cache-dir "${CATALINT_CACHE_DIR:-.catalint_cache}")
[ -z "${INPUT_CONFIG:-}" ] || options+=(--config "$INPUT_CONFIG")
[ "${INPUT_STRICT:-false}" != true ] || options+=(--strict)
[ -z "${INPUT_BASELINE:-}" ] || options+=(--baseline "$INPUT_BASELINE")
# The paths, split on white space and never expanded as globs.
set -f
# shellcheck disable=SC2206
paths=(${INPUT_PATHS:-.})
set +f
[ ${#paths[@]} -gt 0 ] || paths=(.)

sarif="$RUNNER_TEMP/catalint.sarif"
markdown="$RUNNER_TEMP/catalint.md"
rm -f "$sarif" "$markdown"
set +e
NO_COLOR=1 "$catalint" lint --report "sarif=$sarif" --report "markdown=$markdown" "${options[@]}" -- "${paths[@]}"
status=$?
set -e

if [ -s "$markdown" ]; then
  cat "$markdown" >> "$GITHUB_STEP_SUMMARY"
else
  printf '## catalint\n\ncatalint stopped with exit status %s before it reported (see the log of the Lint step).\n' "$status" >> "$GITHUB_STEP_SUMMARY"
fi
if [ -s "$sarif" ]; then echo "sarif=$sarif" >> "$GITHUB_OUTPUT"; else echo "sarif=" >> "$GITHUB_OUTPUT"; fi
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
