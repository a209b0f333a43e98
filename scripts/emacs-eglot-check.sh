#!/usr/bin/env bash
# Emacs (eglot) against `catalint server`, configured as docs/editors.md says: the diagnostic of a
# Swift file as Flymake has it, the "suppress on this line" code action, and "fix all"
# (source.fixAll.catalint) on save. Emacs and eglot come from Debian's packages (emacs-nox,
# elpa-eglot), installed when missing.
#
#   scripts/emacs-eglot-check.sh [path/to/catalint]     # default .build/debug/catalint
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(realpath "${1:-.build/debug/catalint}")"
if ! command -v emacs > /dev/null || ! emacs --batch -q --eval "(require (quote eglot))" > /dev/null 2>&1; then
  apt-get update -q > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q emacs-nox elpa-eglot > /dev/null
fi
emacs --version | head -n 1
project="$(mktemp -d)"
bin="$(mktemp -d)"
trap 'rm -rf "$project" "$bin"' EXIT
# The recipe runs `catalint` from the PATH.
ln -s "$binary" "$bin/catalint"
printf 'idiom: mac\nunsafe_fixes: true\n' > "$project/.catalint.yml"
printf 'func style(_ volume: UISlider) {\n    volume.thumbTintColor = .red\n}\n' > "$project/Player.swift"
printf 'func style(_ volume: UISlider, _ play: UIButton) {\n    volume.thumbTintColor = .red\n    play.setTitle("Pause", for: .selected)\n}\n' > "$project/Save.swift"
PATH="$bin:$PATH" CATALINT_PROJECT="$project" HOME="$project/.home" \
  timeout 180 emacs --batch -q -l scripts/emacs/check.el 2>"$project/emacs.log" || { cat "$project/emacs.log"; exit 1; }
