-- Headless Neovim (0.11) as a catalint user has it: the configuration in docs/editors.md, a Swift file with
-- a finding, the diagnostic as vim.diagnostic has it, a code action applied through
-- vim.lsp.buf.code_action, and the finding gone. Run by scripts/neovim-lsp-check.sh, which sets
-- CATALINT_BINARY and CATALINT_PROJECT; exits non-zero on any mismatch. With
-- CATALINT_DOCUMENT_CHANGES=1 the client also says it takes versioned edits (documentChanges, which
-- Neovim applies but does not advertise), and the fix must come as one naming the buffer's version.
local binary = assert(vim.env.CATALINT_BINARY, 'CATALINT_BINARY is not set')
local project = assert(vim.env.CATALINT_PROJECT, 'CATALINT_PROJECT is not set')
local document_changes = vim.env.CATALINT_DOCUMENT_CHANGES == '1'
local failures = 0

local function say(text) io.stdout:write(text .. '\n') end
local function check(condition, what)
  if condition then say('ok: ' .. what) else failures = failures + 1; say('FAILED: ' .. what) end
end
local function finish()
  for _, client in ipairs(vim.lsp.get_clients()) do client:stop() end
  vim.wait(2000, function() return #vim.lsp.get_clients() == 0 end, 20)
  vim.cmd(failures == 0 and 'qall!' or 'cquit! 1')
end

-- This file runs as init.lua, before Neovim turns on filetype detection, which starts servers.
vim.cmd('filetype plugin on')

-- The configuration from docs/editors.md ("The language server", Neovim).
vim.filetype.add({ extension = { storyboard = 'xml', xib = 'xml' } })
vim.lsp.config('catalint', {
  cmd = { binary, 'server' },
  filetypes = { 'swift', 'objc', 'objcpp', 'yaml', 'xml' },
  root_markers = { '.catalint.yml', '.git' },
  capabilities = document_changes and { workspace = { workspaceEdit = { documentChanges = true } } } or nil,
})
vim.lsp.enable('catalint')

vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/Player.swift'))
local attached = vim.wait(20000, function() return #vim.lsp.get_clients({ bufnr = 0, name = 'catalint' }) == 1 end, 20)
check(attached, 'catalint server attached to the Swift buffer (filetype ' .. vim.bo.filetype .. ')')
if not attached then finish() end
local got = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
check(got, 'diagnostics arrived')
local diagnostics = vim.diagnostic.get(0)
check(#diagnostics == 1, 'one diagnostic (got ' .. #diagnostics .. ')')
local d = diagnostics[1] or {}
local line = vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] or ''
-- Neovim turns the server's UTF-16 columns into byte columns: the emoji before it counts 11 bytes.
local expected_col = (line:find('thumbTintColor', 1, true) or 0) - 1
check(d.lnum == 1, 'on line 2 (lnum ' .. tostring(d.lnum) .. ')')
check(d.col == expected_col, 'at byte column ' .. expected_col .. ' (col ' .. tostring(d.col) .. ')')
check(d.end_col == expected_col + #'thumbTintColor', 'ending after thumbTintColor (end_col ' .. tostring(d.end_col) .. ')')
check(d.source == 'catalint', 'source catalint (' .. tostring(d.source) .. ')')
check(d.code == 'slider-custom-appearance', 'code slider-custom-appearance (' .. tostring(d.code) .. ')')
check(d.severity == vim.diagnostic.severity.ERROR, 'severity error')
check(type(d.message) == 'string' and d.message:find('throws in the Mac idiom', 1, true) ~= nil, 'the message says what breaks')

-- The quick fix, as a user picks it: cursor on the finding, code action, the fix's title.
vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
local titles = {}
local edit_shape = 'none'
local version_before = vim.lsp.util.buf_versions[vim.api.nvim_get_current_buf()]
vim.lsp.buf.code_action({
  filter = function(action)
    table.insert(titles, action.title)
    local chosen = action.title:find('preferredBehavioralStyle', 1, true) ~= nil
    if chosen and action.edit then
      local change = (action.edit.documentChanges or {})[1]
      if change and action.edit.changes == nil then
        edit_shape = 'documentChanges version ' .. tostring(change.textDocument.version)
      elseif action.edit.changes and action.edit.documentChanges == nil then
        edit_shape = 'changes'
      end
    end
    return chosen
  end,
  apply = true,
})
local changed = vim.wait(20000, function()
  return (vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] or ''):find('preferredBehavioralStyle = .pad', 1, true) ~= nil
end, 20)
check(changed, 'the fix was applied to the buffer')
local expected_shape = document_changes and ('documentChanges version ' .. tostring(version_before)) or 'changes'
check(edit_shape == expected_shape, 'the fix came as ' .. expected_shape .. ' (' .. edit_shape .. ')')
check(#titles >= 3, 'three actions offered (' .. table.concat(titles, ' | ') .. ')')
local fixed = vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] or ''
check(fixed == '    let s = "👩‍💻"; volume.preferredBehavioralStyle = .pad; volume.thumbTintColor = .red', 'the fixed line: ' .. fixed)
local cleared = vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 20)
check(cleared, 'the diagnostic is gone after the fix')

-- A suppression action on an interface file.
vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/Settings.interface.yml'))
local yaml = vim.wait(20000, function() return #vim.diagnostic.get(0) == 1 end, 20)
check(yaml, 'a diagnostic on the YAML interface file')
local y = vim.diagnostic.get(0)[1] or { lnum = 0, col = 0 }
vim.api.nvim_win_set_cursor(0, { y.lnum + 1, y.col })
vim.lsp.buf.code_action({
  filter = function(action) return action.title:find('on this line', 1, true) ~= nil end,
  apply = true,
})
local suppressed = vim.wait(20000, function()
  return (vim.api.nvim_buf_get_lines(0, 2, 3, false)[1] or '') == '  # catalint:disable:next unavailable-control'
end, 20)
check(suppressed, 'the disable-for-this-line comment was inserted')
check(vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 20), 'and it silences the finding')

-- "Fix all" (source.fixAll.catalint): on its own, then on save, as docs/editors.md sets it up. The
-- project says unsafe_fixes: true, since every fix catalint has today is unsafe.
vim.api.nvim_create_autocmd('BufWritePre', {
  pattern = '*.swift',
  callback = function(args)
    local client = vim.lsp.get_clients({ bufnr = args.buf, name = 'catalint' })[1]
    if not client then return end
    local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
    params.context = { only = { 'source.fixAll.catalint' }, diagnostics = {} }
    local response = client:request_sync('textDocument/codeAction', params, 5000, args.buf)
    for _, action in ipairs(response and response.result or {}) do
      if action.edit then vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding) end
    end
  end,
})
vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/Save.swift'))
check(vim.wait(20000, function() return #vim.diagnostic.get(0) == 2 end, 20), 'two findings in Save.swift (' .. #vim.diagnostic.get(0) .. ')')
local kinds = {}
vim.lsp.buf.code_action({
  context = { only = { 'source.fixAll' } },
  filter = function(action) table.insert(kinds, action.kind); return false end,
  apply = true,
})
vim.wait(2000, function() return #kinds > 0 end, 20)
check(#kinds == 1 and kinds[1] == 'source.fixAll.catalint', 'one source.fixAll.catalint action offered (' .. table.concat(kinds, ' | ') .. ')')
vim.cmd('write')
local saved = table.concat(vim.fn.readfile(project .. '/Save.swift'), '\n')
local _, styles = saved:gsub('preferredBehavioralStyle = .pad', '')
check(styles == 2, 'saving applied both fixes to the file on disk:\n' .. saved)
check(vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 20), 'and the findings are gone')

say(failures == 0 and 'all checks passed' or (failures .. ' checks failed'))
finish()
