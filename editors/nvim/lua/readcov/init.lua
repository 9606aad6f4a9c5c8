--- readcov for Neovim ≥ 0.11: line states as extmarks (line highlights, optional signs), the
--- agent's edits, inlay hints and code lenses, the task overview, :Readcov commands and a
--- statusline function, on top of the `readcov lsp` server.
local view = require("readcov.view")
local draw = require("readcov.draw")
local task = require("readcov.task")
local record = require("readcov.record")
local change = require("readcov.change")

local M = {}

M.ns = draw.ns
M.ns_edits = draw.ns_edits
M.ns_hints = draw.ns_hints
M.ns_lenses = draw.ns_lenses
M.ns_change = change.ns

local defaults = {
  cmd = { "readcov", "lsp" },
  -- Server settings (same keys as readcov.toml); nil keys leave readcov.toml in charge.
  settings = {},
  line_highlights = true,
  -- Signs share the sign column with breakpoints (nvim-dap), so they are off by default.
  signs = false,
  sign_text = "▎",
  -- readcov's inlay hints, drawn at the end of their line in ReadcovInlayHint
  inlay_hints = true,
  -- readcov's code lenses, drawn after the hints in ReadcovCodeLens (vim.lsp.codelens.run() runs them)
  code_lens = true,
  -- the agent's edits: a sign and a coloured line number (ReadcovEdit / ReadcovEditUnread)
  edits = true,
  edit_sign = "✎",
  -- the change layer: the lines the gold change and the run's change changed, underlined
  -- (ReadcovChangeGold / ReadcovChangeRun / ReadcovChangeBoth); `:Readcov change` toggles it
  change = true,
  -- readcov's diagnostic messages beside their lines, for readcov only (Neovim 0.11 shows no
  -- virtual text by default): nil leaves vim.diagnostic.config alone; true or an options table
  -- (see :h vim.diagnostic.Opts.VirtualText / VirtualLines) turns it on for readcov.
  virtual_text = nil,
  virtual_lines = nil,
  record = { dwell_ms = 2000 },
  -- Call vim.lsp.enable("readcov") so the server starts in every buffer of a workspace.
  enable = true,
}

M.config = vim.deepcopy(defaults)
M.states = {} -- bufnr → last readcov/lineStates answer

--- The latest `readcov/lineStates` request per buffer (older answers are not drawn).
local asked = view.latest()

local function client_for(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
end

--- Draws the line states of `buf` as extmarks and remembers them for the statusline.
function M.apply(buf, states)
  if not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  M.states[buf] = states
  draw.states(buf, states, M.config)
  change.draw(buf, states, M.config, draw.hidden)
  vim.cmd.redrawstatus({ bang = true })
end

--- Re-asks the server for the inlay hints and code lenses of `buf` (after any change of figures:
--- Neovim itself keeps showing the old ones until the buffer is edited or reloaded).
function M.refresh_extras(buf)
  draw.request_hints(buf, M.config)
  draw.request_lenses(buf, M.config)
end

--- Asks the server for the line states of `buf` and redraws them, its hints and lenses.
function M.refresh(buf)
  buf = (buf == nil or buf == 0) and vim.api.nvim_get_current_buf() or buf
  local client = client_for(buf)
  if not client then
    return
  end
  M.refresh_extras(buf)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  local n = asked.ask(buf)
  client:request("readcov/lineStates", params, function(err, result)
    if not asked.current(buf, n) then
      return -- a later request's answer is (or will be) drawn
    end
    if err then
      vim.notify("readcov/lineStates: " .. tostring(err.message or err), vim.log.levels.WARN)
      return
    end
    M.apply(buf, result)
  end, buf)
end

local overview_pending = false

--- Handler of the server's `readcov/didChange` notification: the buffers it names, and the
--- overview (every change of figures, a gold definition switched, a widen, a run selected).
function M.on_did_change(_, params)
  for _, uri in ipairs((params or {}).uris or {}) do
    local buf = vim.uri_to_bufnr(uri)
    if vim.api.nvim_buf_is_loaded(buf) then
      M.refresh(buf)
    end
  end
  -- Several changes in a row cost one refresh, after the handler returns.
  if not overview_pending then
    overview_pending = true
    vim.defer_fn(function()
      overview_pending = false
      task.refresh(M)
    end, 50)
  end
end

--- Statusline component: "readcov 25% < 50%" for the current buffer, "" without readcov;
--- "readcov 0% < 50% (what-if 100%)" when what-if reads count in the file's figure. With
--- `{ highlight = true }` it comes wrapped in ReadcovStatusBelow / ReadcovStatusOk (%#…#).
function M.statusline(opts)
  local states = M.states[vim.api.nvim_get_current_buf()]
  local text = view.status(states)
  local group = view.status_group(states)
  if opts and opts.highlight and group and text ~= "" then
    return "%#" .. group .. "#" .. text:gsub("%%", "%%%%") .. "%*"
  end
  return text
end

--- `statusline({ highlight = true })`, callable from a 'statusline' expression:
--- vim.o.statusline = "%f %{%v:lua.require'readcov'.statusline_hl()%}"
function M.statusline_hl()
  return M.statusline({ highlight = true })
end

local function request_sync(buf, method, params)
  local client = client_for(buf)
  if not client then
    error("readcov: no readcov language server attached to this buffer", 0)
  end
  local res = client:request_sync(method, params, 10000, buf)
  if not res then
    error("readcov: " .. method .. " timed out", 0)
  end
  if res.err then
    -- Level 0: the message is for the user, without this file's position.
    error("readcov: " .. method .. ": " .. tostring(res.err.message), 0)
  end
  return res.result, client
end
M.request_sync = request_sync

local function exec(buf, command, arguments)
  local _, client = request_sync(buf, "workspace/executeCommand", { command = command, arguments = arguments or {} })
  M.refresh(buf)
  return client
end

--- Runs a server command (readcov.clearWhatIf, readcov.toggleWhatIf, …) for the current buffer.
function M.exec_command(command, arguments)
  exec(vim.api.nvim_get_current_buf(), command, arguments)
end

function M.is_recording()
  return record.is_recording()
end

--- Turns recording of the visible window (after the dwell time) on or off.
function M.record(on)
  record.set(on)
end

--- Lines of `:Readcov summary` (all tasks and runs).
function M.summary_lines(buf)
  return view.summary_lines(request_sync(buf or 0, "readcov/summary", {}))
end

--- Widens at the cursor: how = "unit" (default) or a number of lines N (±N).
--- Writes the HTML report with the configured readcov binary and opens it (vim.ui.open).
function M.report()
  local summary = request_sync(0, "readcov/summary", {}) or {}
  local args, out = view.report_args(summary.inputs, summary.threshold or 0.5)
  if not args then
    vim.notify("readcov: " .. out, vim.log.levels.ERROR)
    return nil
  end
  local dir = vim.fs.dirname(out)
  local refused = view.report_folder_problem(dir, vim.uv.fs_lstat(dir))
  if refused then
    vim.notify("readcov: " .. refused, vim.log.levels.ERROR)
    return nil
  end
  vim.fn.mkdir(dir, "p")
  local res = vim.system(vim.list_extend({ M.config.cmd[1] }, args), { text = true }):wait()
  if res.code ~= 0 then
    vim.notify("readcov report failed: " .. (res.stderr or ""), vim.log.levels.ERROR)
    return nil
  end
  if vim.ui.open then
    vim.ui.open(out)
  end
  return out
end

function M.widen(how)
  local buf = vim.api.nvim_get_current_buf()
  local row = vim.api.nvim_win_get_cursor(0)[1] - 1
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = row, character = 0 }, ["end"] = { line = row, character = 0 } },
    context = { diagnostics = {} },
  }
  local cmd = view.pick_widen(request_sync(buf, "textDocument/codeAction", params), how)
  local n = tonumber(how)
  if not cmd and n then
    -- No server action for this N: widen the window around the cursor ourselves.
    local last = vim.api.nvim_buf_line_count(buf) - 1
    cmd = {
      command = "readcov.widen",
      arguments = { { uri = params.textDocument.uri, startLine = math.max(0, row - n), endLine = math.min(last, row + n) } },
    }
  end
  if not cmd then
    vim.notify("readcov: no gold lines to widen to at the cursor", vim.log.levels.INFO)
    return
  end
  exec(buf, cmd.command, cmd.arguments)
end

--- `:Readcov overview`: the task overview in the quickfix list; returns its items.
function M.overview(open)
  return task.overview(M, open)
end

--- `:Readcov run` without arguments: vim.ui.select over the runs.
function M.pick_run(done)
  task.pick_run(M, done)
end

--- Next / previous unread gold span of the task (any gold file, opened or not). Map them:
--- vim.keymap.set("n", "]g", require("readcov").next_unread)
function M.next_unread()
  return task.step(M, 1)
end

function M.prev_unread()
  return task.step(M, -1)
end

--- `:Readcov toggle`: hide or show everything readcov draws; returns true when shown.
function M.toggle(show)
  if show == nil then
    show = draw.hidden
  end
  local bufs = vim.tbl_keys(M.states)
  draw.set_hidden(not show, bufs, function(buf)
    draw.states(buf, M.states[buf], M.config)
    change.draw(buf, M.states[buf], M.config, false)
    draw.draw_hints(buf, M.config)
    draw.draw_lenses(buf, M.config)
  end)
  return show
end

--- `:Readcov edits`: toggle the agent-edit decoration; returns the new setting.
function M.toggle_edits()
  M.config.edits = not M.config.edits
  for buf, states in pairs(M.states) do
    if vim.api.nvim_buf_is_valid(buf) then
      draw.states(buf, states, M.config)
    end
  end
  return M.config.edits
end

--- `:Readcov change`: toggle the change layer; returns the new setting.
function M.toggle_change()
  M.config.change = not M.config.change
  for buf, states in pairs(M.states) do
    if vim.api.nvim_buf_is_valid(buf) then
      change.draw(buf, states, M.config, draw.hidden)
    end
  end
  return M.config.change
end

--- `:Readcov diff`: the gold change unit at the cursor (else one picked with vim.ui.select) as
--- its text after the gold patch beside the run's, in a diff split in a new tab. Returns the two
--- buffers when it opened them at once.
function M.diff(done)
  local buf = vim.api.nvim_get_current_buf()
  local units = change.units(request_sync(buf, "readcov/overview", vim.empty_dict()))
  if #units == 0 then
    vim.notify("readcov: no gold change unit with both texts (no gold patch, or the run's change unknown)", vim.log.levels.INFO)
    return nil
  end
  local ft = vim.bo[buf].filetype
  local at = change.unit_at(units, vim.uri_from_bufnr(buf), vim.api.nvim_win_get_cursor(0)[1] - 1)
  if at then
    return change.open_diff(at, ft)
  end
  vim.ui.select(units, {
    prompt = "readcov: gold ↔ run diff of",
    format_item = function(r)
      return r.label .. " · " .. r.description
    end,
  }, function(r)
    if r then
      local g, a = change.open_diff(r, ft)
      if done then
        done(g, a)
      end
    end
  end)
  return nil
end

--- Selects runs (`{}`/nil = all merged); returns the server's answer.
function M.select_runs(runs)
  local arg = (runs and #runs > 0) and runs or vim.NIL
  local result = request_sync(0, "readcov/selectRun", { runs = arg })
  for buf in pairs(M.states) do
    M.refresh(buf)
  end
  return result
end

--- readcov's own `virtual_text` / `virtual_lines` (setup options) on the namespaces of the
--- readcov client's diagnostics, pushed and pulled; other servers keep the global setting.
function M.diagnostic_config(client)
  local opts = {}
  if M.config.virtual_text ~= nil then
    opts.virtual_text = M.config.virtual_text
  end
  if M.config.virtual_lines ~= nil then
    opts.virtual_lines = M.config.virtual_lines
  end
  if next(opts) == nil then
    return
  end
  for _, pull in ipairs({ false, true }) do
    vim.diagnostic.config(opts, vim.lsp.diagnostic.get_namespace(client.id, pull))
  end
end

require("readcov.commands").install(M)

local highlights = require("readcov.highlights").apply

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  highlights()
  local group = vim.api.nvim_create_augroup("readcov", { clear = true })
  vim.api.nvim_create_autocmd("ColorScheme", { group = group, callback = highlights })
  vim.api.nvim_create_autocmd("OptionSet", { group = group, pattern = "background", callback = highlights })
  vim.api.nvim_create_autocmd("LspAttach", {
    group = group,
    callback = function(ev)
      local client = vim.lsp.get_client_by_id(ev.data.client_id)
      if not client or client.name ~= "readcov" then
        return
      end
      M.diagnostic_config(client)
      M.refresh(ev.buf)
    end,
  })
  vim.api.nvim_create_autocmd({ "WinScrolled", "BufEnter" }, {
    group = group,
    callback = function()
      record.on_view_change(M.config.record.dwell_ms)
    end,
  })
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = group,
    callback = function(ev)
      M.states[ev.buf] = nil
      draw.hints[ev.buf] = nil
      draw.lenses[ev.buf] = nil
    end,
  })
  -- Hints move with edits until the server's re-parse: ask again shortly after typing stops.
  vim.api.nvim_create_autocmd({ "TextChanged", "InsertLeave" }, {
    group = group,
    callback = function(ev)
      if M.states[ev.buf] then
        vim.defer_fn(function()
          if vim.api.nvim_buf_is_valid(ev.buf) then
            M.refresh_extras(ev.buf)
          end
        end, 150)
      end
    end,
  })
  -- An empty Lua table would be sent as a JSON array; the server expects an object.
  local settings = next(M.config.settings) and M.config.settings or vim.empty_dict()
  local function refresh_all()
    for buf in pairs(M.states) do
      if vim.api.nvim_buf_is_loaded(buf) then
        M.refresh_extras(buf)
      end
    end
    return vim.NIL
  end
  vim.lsp.config("readcov", {
    cmd = M.config.cmd,
    init_options = settings,
    settings = { readcov = settings },
    -- Lenses are re-requested on workspace/codeLens/refresh, which Neovim does not announce.
    capabilities = { workspace = { codeLens = { refreshSupport = true } } },
    on_init = function(client)
      client.server_capabilities.diagnosticProvider = nil
      -- readcov draws its own hints and lenses (ReadcovInlayHint, ReadcovCodeLens); a
      -- vim.lsp.inlay_hint.enable() or vim.lsp.codelens.refresh() of the user's must not draw
      -- them a second time, in grey.
      client.server_capabilities.inlayHintProvider = nil
      client.server_capabilities.codeLensProvider = nil
    end,
    handlers = {
      ["readcov/didChange"] = M.on_did_change,
      ["workspace/inlayHint/refresh"] = refresh_all,
      ["workspace/codeLens/refresh"] = refresh_all,
    },
  })
  if M.config.enable then
    vim.lsp.enable("readcov")
  end
end

return M
