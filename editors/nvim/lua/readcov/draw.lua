--- readcov.draw: everything readcov puts on screen — line-state bands, the agent's edits, inlay
--- hints and code lenses — and `:Readcov toggle`, which hides or shows all of it. Hints and lenses
--- are drawn here, in `ReadcovInlayHint` / `ReadcovCodeLens`, not by vim.lsp.inlay_hint /
--- vim.lsp.codelens: Neovim draws every server's in one grey group (`LspInlayHint`,
--- `LspCodeLens` → NonText), the grey of read lines, lost on the gold bands. Lenses are still
--- saved with vim.lsp.codelens.save, so vim.lsp.codelens.run() runs them.
local view = require("readcov.view")

--- The latest hint and lens request per buffer (older answers are not drawn).
local asked = view.latest()

local M = {}

M.ns = vim.api.nvim_create_namespace("readcov")
M.ns_edits = vim.api.nvim_create_namespace("readcov.edits")
M.ns_hints = vim.api.nvim_create_namespace("readcov.hints")
M.ns_lenses = vim.api.nvim_create_namespace("readcov.lenses")
M.hidden = false
M.hints = {} -- bufnr → last textDocument/inlayHint answer
M.lenses = {} -- bufnr → last textDocument/codeLens answer

local function client_for(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
end

--- Line states and edits of `buf` as extmarks (nothing while hidden).
function M.states(buf, states, config)
  vim.api.nvim_buf_clear_namespace(buf, M.ns, 0, -1)
  vim.api.nvim_buf_clear_namespace(buf, M.ns_edits, 0, -1)
  if M.hidden then
    return
  end
  local count = vim.api.nvim_buf_line_count(buf)
  for _, mark in ipairs(view.plan(states, count)) do
    -- Under diagnostics and search highlights. A line highlight also bands a blank line.
    local opts = { priority = 5 }
    if config.line_highlights then
      opts.line_hl_group = mark.group
    end
    if config.signs then
      opts.sign_text = config.sign_text
      opts.sign_hl_group = mark.group .. "Sign"
    end
    vim.api.nvim_buf_set_extmark(buf, M.ns, mark.row, 0, opts)
  end
  if config.edits then
    for _, mark in ipairs(view.edit_plan(states, count)) do
      vim.api.nvim_buf_set_extmark(buf, M.ns_edits, mark.row, 0, {
        priority = 6,
        sign_text = config.edit_sign,
        sign_hl_group = mark.group,
        number_hl_group = mark.group,
      })
    end
  end
end

--- Draws the last inlay hints of `buf` at the end of their lines.
function M.draw_hints(buf, config)
  vim.api.nvim_buf_clear_namespace(buf, M.ns_hints, 0, -1)
  if M.hidden or not config.inlay_hints then
    return
  end
  for _, h in ipairs(view.hint_marks(M.hints[buf], vim.api.nvim_buf_line_count(buf))) do
    vim.api.nvim_buf_set_extmark(buf, M.ns_hints, h.row, 0, {
      virt_text = { { h.text, "ReadcovInlayHint" } },
      virt_text_pos = "eol",
      hl_mode = "combine",
      priority = 5,
    })
  end
end

--- Asks the server for the inlay hints of the whole of `buf` and draws them.
function M.request_hints(buf, config)
  local client = client_for(buf)
  if not (client and config.inlay_hints) then
    return
  end
  local last = math.max(0, vim.api.nvim_buf_line_count(buf) - 1)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = last + 1, character = 0 } },
  }
  local n = asked.ask("hints:" .. buf)
  client:request("textDocument/inlayHint", params, function(err, result)
    if not asked.current("hints:" .. buf, n) or err or not vim.api.nvim_buf_is_valid(buf) then
      return
    end
    M.hints[buf] = result or {}
    M.draw_hints(buf, config)
  end, buf)
end

--- Draws the last code lenses of `buf` at the end of their lines, after the hints.
function M.draw_lenses(buf, config)
  vim.api.nvim_buf_clear_namespace(buf, M.ns_lenses, 0, -1)
  if M.hidden or not config.code_lens then
    return
  end
  local count = vim.api.nvim_buf_line_count(buf)
  for _, lens in ipairs(M.lenses[buf] or {}) do
    local row = type(lens.range) == "table" and lens.range.start.line
    local title = type(lens.command) == "table" and lens.command.title
    if type(row) == "number" and row < count and type(title) == "string" then
      vim.api.nvim_buf_set_extmark(buf, M.ns_lenses, row, 0, {
        virt_text = { { title, "ReadcovCodeLens" } },
        virt_text_pos = "eol",
        hl_mode = "combine",
        priority = 6,
      })
    end
  end
end

--- Asks for the code lenses of `buf`, draws them and saves them for vim.lsp.codelens.run().
function M.request_lenses(buf, config)
  local client = client_for(buf)
  if not (client and config.code_lens) then
    return
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  local n = asked.ask("lenses:" .. buf)
  client:request("textDocument/codeLens", params, function(err, result)
    if not asked.current("lenses:" .. buf, n) or err or not vim.api.nvim_buf_is_loaded(buf) then
      return
    end
    M.lenses[buf] = result or {}
    vim.lsp.codelens.save(M.lenses[buf], buf, client.id)
    M.draw_lenses(buf, config)
  end, buf)
end

--- Hides (or shows again) everything readcov draws: bands, edits, the change layer, hints, lenses,
--- diagnostics.
--- `redraw(buf)` re-requests what a shown buffer needs.
function M.set_hidden(hidden, buffers, redraw)
  M.hidden = hidden
  for _, client in ipairs(vim.lsp.get_clients({ name = "readcov" })) do
    vim.diagnostic.enable(not hidden, { ns_id = vim.lsp.diagnostic.get_namespace(client.id, false) })
  end
  for _, buf in ipairs(buffers) do
    if vim.api.nvim_buf_is_valid(buf) then
      if hidden then
        for _, ns in ipairs({ M.ns, M.ns_edits, M.ns_hints, M.ns_lenses, require("readcov.change").ns }) do
          vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
        end
      else
        redraw(buf)
      end
    end
  end
end

return M
