--- The Neovim diff split of docs/editors.md: pylint-dev__pylint-4604 (tests/data/real), `:Readcov diff` on
--- the gold change unit `_store_type_annotation_node` — its text after the gold patch (left) beside the run's
--- (right: the base text, the run never changed it), in a new tab, 'background' from $READCOV_BG. Writes
--- $READCOV_READY once drawn. Run by tests/editors/nvim/capture/capture.sh.
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
  -- `:Readcov diff` at the unread gold lines: the unit after the gold patch beside the run's text.
  vim.api.nvim_win_set_cursor(0, { 1828, 8 })
  readcov.diff()
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
