--- What the three capture scenes share: the editor set-up (readcov from this checkout, the default colour
--- scheme with 'background' from $READCOV_BG, line numbers, a statusline with readcov's state) and the
--- start-up: open a file once Neovim has started, poll until the scene's `ready` says the screen holds what
--- it shows, run its `layout`, then write "ok" to $READCOV_READY after a last redraw ("timeout" after 30 s).
--- Each scene loads it with dofile (capture.sh passes its folder as $READCOV_CAPTURE).
local M = {}

M.repo, M.ws, M.bin = os.getenv("READCOV_REPO"), os.getenv("READCOV_WS"), os.getenv("READCOV_BIN")

--- The editor options every scene uses; `lsp` is merged into readcov.setup's options. Returns the module.
function M.setup(lsp)
  vim.opt.rtp:prepend(M.repo .. "/editors/nvim")
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
  readcov.setup(vim.tbl_extend("force", { cmd = { M.bin, "lsp" } }, lsp or {}))
  vim.o.statusline = " %f %{%v:lua.require'readcov'.statusline_hl()%} %=%l:%c "
  return readcov
end

--- Whether readcov has drawn hints, lenses, diagnostics and the change layer in `buf`.
function M.all_layers_drawn(readcov, buf)
  local client = vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
  if not (client and readcov.states[buf]) then
    return false
  end
  local function marks(ns)
    return #vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, {}) > 0
  end
  return marks(readcov.ns_hints) and marks(readcov.ns_lenses) and #vim.diagnostic.get(buf) > 0
    and marks(readcov.ns_change)
end

--- The screen is final: redraw, wait for late highlights, redraw again and tell capture.sh.
function M.done()
  vim.cmd("redraw!")
  vim.defer_fn(function()
    vim.cmd("redraw!")
    vim.fn.writefile({ "ok" }, os.getenv("READCOV_READY"))
  end, 700)
end

--- Open `file` after start-up, then call `step(buf)` every 100 ms until it returns true (it calls M.done
--- itself when the screen is ready); "timeout" after 300 tries.
function M.run(file, step)
  -- After start-up (the server starts on FileType, hence nested).
  vim.api.nvim_create_autocmd("VimEnter", {
    once = true,
    nested = true,
    callback = function()
      vim.cmd.edit(vim.fn.fnameescape(file))
      local buf = vim.api.nvim_get_current_buf()
      local tries = 0
      local function poll()
        tries = tries + 1
        if step(buf) then
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
end

return M
