--- End-to-end test: a real Neovim 0.11 with the readcov plugin, against the real `readcov lsp`
--- on a copy of tests/editors/fixture. Exits non-zero on any failure.
--- Run: READCOV_BIN=target/debug/readcov nvim --headless --clean -l tests/editors/nvim/e2e.lua
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h") .. "/helpers.lua")
vim.opt.rtp:prepend(H.repo .. "/editors/nvim")

local bin = os.getenv("READCOV_BIN") or (H.repo .. "/target/debug/readcov")
if vim.fn.executable(bin) ~= 1 then
  io.stdout:write("not ok - readcov binary not found at " .. bin .. ": run `cargo build -p readcov` or set READCOV_BIN\n")
  vim.cmd("cquit! 1")
end

local ws = vim.fn.tempname()
vim.fn.mkdir(ws, "p")
vim.fn.system({ "cp", "-r", H.repo .. "/tests/editors/fixture/.", ws })
-- One agent edit of gold lines 20–21 at turn 5, before run-a ever read them.
vim.fn.writefile({
  '{"task": "fixture-1", "run": "run-a", "path": "src/auth.py", "start": 20, "end": 21, "turn": 5, "kind": "edit"}',
}, ws .. "/reads.jsonl", "a")
if os.getenv("READCOV_LSP_DEBUG") then vim.lsp.set_log_level("debug") end
local readcov = require("readcov")
readcov.setup({ cmd = { bin, "lsp" }, record = { dwell_ms = 50 } })
vim.cmd.edit(ws .. "/src/auth.py")
local buf = vim.api.nvim_get_current_buf()
local T = 15000

local function wait(what, cond)
  if not vim.wait(T, cond, 50) then
    error("timed out waiting for " .. what, 2)
  end
end

--- Returns once every request Neovim has sent `client` is answered and its handler has run.
--- Neovim marks a request complete and schedules its handler in one go when the answer
--- arrives, so a callback scheduled once none is pending runs after every such handler (and a
--- request sent meanwhile is caught by the loop). A check that something was NOT drawn looks
--- after this, never after a fixed sleep.
local function settled(client)
  local function pending()
    for _, r in pairs(client.requests) do
      if r.type == "pending" then
        return true
      end
    end
    return false
  end
  repeat
    wait("readcov's answers to Neovim's requests", function()
      return not pending()
    end)
    local ran = false
    vim.schedule(function()
      ran = true
    end)
    wait("the handlers of those answers", function()
      return ran
    end)
  until not pending()
end

local function marks()
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, readcov.ns, 0, -1, { details = true })) do
    out[#out + 1] = { m[2], m[4].line_hl_group }
  end
  return out
end

local function expected_marks(spec)
  local out = {}
  for _, s in ipairs(spec) do
    for row = s[1], s[2] do
      out[#out + 1] = { row, s[3] }
    end
  end
  return out
end

H.case("the readcov server attaches to the buffer", function()
  wait("LSP attach", function()
    return #vim.lsp.get_clients({ bufnr = buf, name = "readcov" }) > 0
  end)
end)

if H.failures > 0 then
  io.stdout:write("the server never attached; see the lsp log in $XDG_STATE_HOME/nvim/lsp.log\n")
  H.finish()
end

H.case("diagnostic below threshold", function()
  wait("diagnostics", function()
    return #vim.diagnostic.get(buf) > 0
  end)
  local d = vim.diagnostic.get(buf)
  H.eq(#d, 1, "one readcov diagnostic")
  H.eq(d[1].message, "gold lines 10–25: 4/16 read (25%) — below 50%")
  H.eq(d[1].severity, vim.diagnostic.severity.WARN)
  H.eq(d[1].lnum, 9)
end)

H.case("line states as extmarks and the statusline", function()
  wait("extmarks", function()
    return #marks() > 0
  end)
  H.eq(marks(), expected_marks({ { 9, 12, "ReadcovGoldRead" }, { 13, 24, "ReadcovGoldUnread" } }))
  H.eq(readcov.statusline(), "readcov 25% < 50%")
  -- The highlighted form, as a 'statusline' expression evaluates it.
  local st = vim.api.nvim_eval_statusline("%{%v:lua.require'readcov'.statusline_hl()%}", { highlights = true })
  H.eq(st.str, "readcov 25% < 50%")
  H.eq(st.highlights[1].group, "ReadcovStatusBelow")
end)

--- What is on screen at the end of lines, per namespace: "row: text|group" (readcov's inlay
--- hints, or vim.lsp.codelens's lenses).
local function virt(ns)
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, { details = true })) do
    local text, group = "", nil
    for _, chunk in ipairs(m[4].virt_text or {}) do
      text, group = text .. chunk[1], group or chunk[2]
    end
    out[#out + 1] = m[2] .. ": " .. text .. "|" .. tostring(group)
  end
  return table.concat(out, "\n")
end

local function lens_ns()
  return readcov.ns_lenses
end

H.case("inlay hints drawn at the end of their lines in ReadcovInlayHint", function()
  wait("inlay hints", function()
    return virt(readcov.ns_hints):find("9: read", 1, true) ~= nil
  end)
  local all = virt(readcov.ns_hints)
  H.ok(all:find("0: gold 16 · read 25% < 50% · file hit|ReadcovInlayHint", 1, true), all)
  H.ok(all:find("9: read 4/16 gold (25%)|ReadcovInlayHint", 1, true), all)
  -- Neovim's own hint drawing stays off for readcov (it would draw them twice, in LspInlayHint):
  -- enabling it asks no server that offers none, and anything asked is answered before we look.
  vim.lsp.inlay_hint.enable(true, { bufnr = buf })
  settled(vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1])
  H.eq(#vim.lsp.inlay_hint.get({ bufnr = buf }), 0)
  vim.lsp.inlay_hint.enable(false, { bufnr = buf })
end)

H.case("code lens drawn on the unit header in ReadcovCodeLens without any :e or refresh call", function()
  wait("code lens", function()
    return virt(lens_ns()):find("9: gold 16", 1, true) ~= nil
  end)
  H.ok(virt(lens_ns()):find("9: gold 16 · 25% read · widen → 100%|ReadcovCodeLens", 1, true), virt(lens_ns()))
  -- Saved for vim.lsp.codelens.run(); Neovim's own (grey) lens drawing stays off for readcov.
  H.eq(#vim.lsp.codelens.get(buf), 1)
  local client = vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
  vim.lsp.codelens.refresh({ bufnr = buf })
  settled(client)
  H.eq(#vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace("nvim.lsp.codelens:" .. client.id), 0, -1, {}), 0)
end)

H.case("the agent's edit: a sign and a coloured line number, toggled by :Readcov edits", function()
  local function edits()
    local out = {}
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, readcov.ns_edits, 0, -1, { details = true })) do
      out[#out + 1] = { m[2], m[4].sign_hl_group, m[4].number_hl_group }
    end
    return out
  end
  wait("edit marks", function()
    return #edits() > 0
  end)
  H.eq(edits(), { { 19, "ReadcovEditUnread", "ReadcovEditUnread" }, { 20, "ReadcovEditUnread", "ReadcovEditUnread" } })
  H.ok(vim.api.nvim_exec2("Readcov edits", { output = true }).output:find("agent edits hidden", 1, true))
  H.eq(edits(), {})
  vim.cmd("Readcov edits")
  H.eq(#edits(), 2)
end)

H.case(":Readcov toggle hides and shows everything readcov draws", function()
  local client = vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
  local diag_ns = vim.lsp.diagnostic.get_namespace(client.id, false)
  vim.cmd("Readcov toggle")
  for _, ns in ipairs({ readcov.ns, readcov.ns_edits, readcov.ns_hints, lens_ns() }) do
    H.eq(#vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, {}), 0, "namespace " .. ns .. " empty while hidden")
  end
  H.eq(vim.diagnostic.is_enabled({ ns_id = diag_ns }), false)
  vim.cmd("Readcov toggle")
  H.eq(marks(), expected_marks({ { 9, 12, "ReadcovGoldRead" }, { 13, 24, "ReadcovGoldUnread" } }))
  H.eq(vim.diagnostic.is_enabled({ ns_id = diag_ns }), true)
  wait("hints and lens back", function()
    return virt(readcov.ns_hints):find("9: read 4/16", 1, true) ~= nil and virt(lens_ns()):find("9: gold 16", 1, true) ~= nil
  end)
end)

H.case(":Readcov legend names every colour, each in its own group", function()
  local out = vim.api.nvim_exec2("Readcov legend", { output = true }).output
  H.ok(out:find("gold, never read", 1, true) and out:find("gold, read only by what-if reads", 1, true), out)
  for _, entry in ipairs(require("readcov.view").legend) do
    H.ok(next(vim.api.nvim_get_hl(0, { name = entry[1] })) ~= nil, entry[1] .. " is defined")
  end
end)

-- 11/23 reads "48%" as the CLI rounds it (floored to "47%" before session 35).
H.case(":Readcov summary lists every task and run", function()
  local out = vim.api.nvim_exec2("Readcov summary", { output = true }).output
  H.ok(out:find("✗ fixture-1 · run-a  line coverage 48% (11/23) · file hit 100%", 1, true), out)
  H.ok(out:find("✗ fixture-1 · run-b  line coverage 0% (0/23) · file hit 0%", 1, true), out)
  H.ok(out:find("Σ 0/2 passing (threshold 50%)", 1, true), out)
end)

H.case("the widen code action raises coverage to 100%", function()
  vim.api.nvim_win_set_cursor(0, { 18, 0 })
  vim.cmd("Readcov widen")
  wait("coverage 100%", function()
    local s = readcov.states[buf]
    return s and s.coverage == 1
  end)
  -- Lines read only by the what-if read have their own group, never the agent's green.
  H.eq(marks(), expected_marks({ { 9, 12, "ReadcovGoldRead" }, { 13, 24, "ReadcovWhatIf" } }))
  H.eq(readcov.statusline(), "readcov 25% < 50% (what-if 100%)")
  wait("warning gone", function()
    local d = vim.diagnostic.get(buf)
    return #d == 0 or d[1].severity ~= vim.diagnostic.severity.WARN
  end)
end)

H.case("after the widen, hints and lenses show the new figures, labelled what-if, without :e", function()
  wait("hint refreshed", function()
    return virt(readcov.ns_hints):find("9: read 16/16 gold (100%, what-if)", 1, true) ~= nil
  end)
  H.ok(virt(readcov.ns_hints):find("0: gold 16 · read 100% (what-if; 25% without)", 1, true), virt(readcov.ns_hints))
  wait("lens refreshed", function()
    return virt(lens_ns()):find("9: gold 16 · 100% read (what-if)", 1, true) ~= nil
  end)
  local d = vim.diagnostic.get(buf)
  H.eq(#d, 1)
  H.eq(d[1].message, "gold lines 10–25: 16/16 read (100% with what-if reads; 4/16 without) — at or above 50%")
end)

H.case(":Readcov clear drops the what-if reads", function()
  vim.cmd("Readcov clear")
  wait("coverage back to 25%", function()
    return readcov.statusline() == "readcov 25% < 50%"
  end)
end)

H.case(":Readcov run selects runs", function()
  local out = vim.api.nvim_exec2("Readcov run run-b", { output = true }).output
  H.ok(out:find("readcov runs: run-b (available: run-a, run-b)", 1, true), out)
  wait("coverage 0% for run-b", function()
    return readcov.statusline() == "readcov 0% < 50%"
  end)
  vim.cmd("Readcov run all")
  wait("coverage 25% for all runs", function()
    return readcov.statusline() == "readcov 25% < 50%"
  end)
end)

H.case(":Readcov overview with two runs and none selected offers the run picker first", function()
  local original = vim.ui.select
  local offered
  vim.ui.select = function(items, opts, on_choice)
    offered = vim.tbl_map(opts.format_item, items)
    on_choice(items[2], 2)
  end
  vim.cmd("Readcov overview")
  vim.ui.select = original
  H.eq(offered, { "all runs (merged)", "run-a · 48% (11/23) · below", "run-b · 0% (0/23) · below" })
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  H.eq(qf.title, "readcov overview · fixture-1 · run run-a · 48% < 50% (11/23 gold lines) · file hit 2/2 · gold as given")
  H.eq(vim.tbl_map(function(i)
    return (i.bufnr > 0 and (vim.fn.fnamemodify(vim.api.nvim_buf_get_name(i.bufnr), ":t") .. ":" .. i.lnum .. " ") or "")
      .. i.text
  end, qf.items), {
    "── gold files: 2/2 opened · 11/23 lines read",
    "auth.py:14 4/16 read · 25%",
    "auth.py:14   unread 14–25 · 4/16 of gold 10–25 · function check_token · nearest reads 10–13 (turn 3) / none",
    "util.py:4 7/7 read · 100%",
    "── read instead: 0 file(s) without gold · 0 lines",
    "── edits: 1 edit(s) · 1 of gold lines not read before",
    "auth.py:20 edit 20–21 · turn 5 · 2 gold line(s), 2 not read before",
    "── coverage per turn: 17% (turn 3) → 48% (turn 4) · never reached 50% · ▂▄",
  })
  vim.cmd("cclose")
  vim.cmd("Readcov run all")
end)

H.case(":Readcov record sends the visible window as a human read", function()
  vim.cmd("Readcov record on")
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.api.nvim_exec_autocmds("WinScrolled", {})
  wait("coverage above 25%", function()
    local s = readcov.states[buf]
    return s and s.coverage > 0.25
  end)
  vim.cmd("Readcov record off")
  local log = table.concat(vim.fn.readfile(ws .. "/.readcov/reads.jsonl"), "\n")
  H.ok(log:find('"source":"human"', 1, true) or log:find('"source": "human"', 1, true), log)
end)

H.finish()
