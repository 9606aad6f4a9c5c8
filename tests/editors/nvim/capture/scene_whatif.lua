--- The second Neovim screen of docs/editors.md: the editor-test fixture (tests/editors/fixture) with
--- run-a selected, one agent edit of lines 20–21 (added by capture.sh) and a what-if read of lines
--- 14–17 ("Mark lines as read"): gold read by the agent (green), by the what-if only (violet),
--- never read (red); what-if lines 3–4 (not gold, paler violet) beside the agent's read of 6–7
--- (not gold, slate; added by capture.sh); the edit marks, readcov's hint and lens labelled what-if, and the statusline
--- `readcov 25% < 50% (what-if 50%)`. Writes $READCOV_READY once drawn. Run by capture.sh.
local repo, ws, bin = os.getenv("READCOV_REPO"), os.getenv("READCOV_WS"), os.getenv("READCOV_BIN")
vim.cmd("filetype on")
vim.cmd("syntax on")
vim.opt.rtp:prepend(repo .. "/editors/nvim")
vim.o.termguicolors = true
vim.o.background = os.getenv("READCOV_BG") or "dark"
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.laststatus = 2
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. "IF"
local readcov = require("readcov")
readcov.setup({ cmd = { bin, "lsp" } })
vim.o.statusline = " %f %{%v:lua.require'readcov'.statusline_hl()%} %=%l:%c "

-- After start-up (the server starts on FileType, hence nested).
vim.api.nvim_create_autocmd("VimEnter", {
  once = true,
  nested = true,
  callback = function()
    vim.cmd.edit("src/auth.py") -- relative, so the statusline shows it short
    local buf = vim.api.nvim_get_current_buf()
    local step, tries = 0, 0
    local function poll()
      tries = tries + 1
      local s = readcov.states[buf]
      if step == 0 and s then
        readcov.select_runs({ "run-a" })
        readcov.exec_command("readcov.widen", { { uri = vim.uri_from_bufnr(buf), startLine = 13, endLine = 16 } })
        -- …and lines 3–4, not gold: the paler what-if band, beside the agent's read of 6–7 (slate).
        readcov.exec_command("readcov.widen", { { uri = vim.uri_from_bufnr(buf), startLine = 2, endLine = 3 } })
        step = 1
      elseif step == 1 and s and (s.whatIfLines or 0) > 0
        and #vim.api.nvim_buf_get_extmarks(buf, readcov.ns_lenses, 0, -1, { details = true }) > 0
        and vim.inspect(vim.api.nvim_buf_get_extmarks(buf, readcov.ns_lenses, 0, -1, { details = true })):find("what%-if")
      then
        vim.cmd("redraw!")
        vim.defer_fn(function()
          vim.cmd("redraw!")
          vim.fn.writefile({ "ok" }, os.getenv("READCOV_READY"))
        end, 700)
        return
      end
      if tries < 300 then
        vim.defer_fn(poll, 100)
      else
        vim.fn.writefile({ "timeout" }, os.getenv("READCOV_READY"))
      end
    end
    vim.defer_fn(poll, 100)
  end,
})
