--- The Neovim screen of docs/editors.md: pylint-dev__pylint-4604 (tests/data/real) in the default
--- colour scheme ('background' from $READCOV_BG). Top: variables.py where the agent's reads stop
--- (line 1700); middle: the never-read gold lines 1828–1829 in _store_type_annotation_node, with
--- readcov's inlay hint, code lens, diagnostic sign and message (virtual_text = true) and the change layer
--- (the gold's changed lines, labelled); bottom: `:Readcov overview` with the verdict, the file read instead
--- and coverage per turn. Writes
--- $READCOV_READY once everything is drawn. Run by tests/editors/nvim/capture/capture.sh.
local repo, ws, bin = os.getenv("READCOV_REPO"), os.getenv("READCOV_WS"), os.getenv("READCOV_BIN")
vim.opt.rtp:prepend(repo .. "/editors/nvim")
vim.cmd("filetype on")
vim.cmd("syntax on")
vim.o.termguicolors = true
vim.o.background = os.getenv("READCOV_BG") or "dark"
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.laststatus = 2
vim.o.cmdheight = 1
vim.o.showmode = false
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. "IF"
local readcov = require("readcov")
readcov.setup({ cmd = { bin, "lsp" }, virtual_text = true })
vim.o.statusline = " %f %{%v:lua.require'readcov'.statusline_hl()%} %=%l:%c "

local file = ws .. "/pylint/checkers/variables.py"
local buf

local function ready()
  local client = vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
  if not (client and readcov.states[buf]) then
    return false
  end
  return #vim.api.nvim_buf_get_extmarks(buf, readcov.ns_hints, 0, -1, {}) > 0
    and #vim.api.nvim_buf_get_extmarks(buf, readcov.ns_lenses, 0, -1, {}) > 0
    and #vim.diagnostic.get(buf) > 0
    and #vim.api.nvim_buf_get_extmarks(buf, readcov.ns_change, 0, -1, {}) > 0
end

local function layout()
  vim.cmd("Readcov overview")
  vim.cmd("resize 11")
  vim.cmd("wincmd k")
  vim.cmd("split")
  -- top: the end of the agent's read 1670–1700
  vim.api.nvim_win_set_cursor(0, { 1697, 0 })
  vim.cmd("normal! zt")
  vim.cmd("resize 9")
  vim.cmd("wincmd j")
  -- middle: the unit around the unread gold lines
  vim.api.nvim_win_set_cursor(0, { 1820, 0 })
  vim.cmd("normal! zt")
  vim.api.nvim_win_set_cursor(0, { 1828, 8 })
  vim.cmd("redraw!")
  vim.defer_fn(function()
    vim.cmd("redraw!")
    vim.fn.writefile({ "ok" }, os.getenv("READCOV_READY"))
  end, 700)
end

local tries = 0
local function poll()
  tries = tries + 1
  if ready() then
    layout()
  elseif tries < 300 then
    vim.defer_fn(poll, 100)
  else
    vim.fn.writefile({ "timeout" }, os.getenv("READCOV_READY"))
  end
end
-- After start-up (the server starts on FileType, hence nested).
vim.api.nvim_create_autocmd("VimEnter", {
  once = true,
  nested = true,
  callback = function()
    vim.cmd.edit(vim.fn.fnameescape(file))
    buf = vim.api.nvim_get_current_buf()
    vim.defer_fn(poll, 100)
  end,
})
