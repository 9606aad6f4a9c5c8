--- End-to-end test of the task view on the shipped real run pylint-dev__pylint-4604 (OpenHands,
--- unresolved; tests/data/real): a real Neovim 0.11 with the plugin against the real `readcov lsp`,
--- the trajectory imported on the fly and the SWE-bench rows as gold. `:Readcov overview`, Enter in
--- the quickfix list, next/previous unread span, the run picker, the what-if labels after a widen,
--- and no code action on a non-gold line.
--- Run: READCOV_BIN=target/debug/readcov nvim --headless --clean -l tests/editors/nvim/e2e_task.lua
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h") .. "/helpers.lua")
vim.opt.rtp:prepend(H.repo .. "/editors/nvim")

local TASK = "pylint-dev__pylint-4604"
local bin = os.getenv("READCOV_BIN") or (H.repo .. "/target/debug/readcov")
if vim.fn.executable(bin) ~= 1 then
  io.stdout:write("not ok - readcov binary not found at " .. bin .. ": run `cargo build -p readcov` or set READCOV_BIN\n")
  vim.cmd("cquit! 1")
end

local real = H.repo .. "/tests/data/real"
local ws = vim.uv.fs_realpath(vim.fn.tempname()) or vim.fn.tempname()
vim.fn.mkdir(ws .. "/runs", "p")
ws = vim.uv.fs_realpath(ws)
vim.fn.system({ "cp", "-r", real .. "/sources/" .. TASK .. "/.", ws })
vim.fn.system({ "cp", real .. "/openhands/" .. TASK .. ".json", ws .. "/runs/" })
vim.fn.system({ "cp", real .. "/gold.jsonl", ws .. "/swebench.jsonl" })
vim.fn.writefile({
  'gold = ["swebench.jsonl"]',
  'reads = ["runs/' .. TASK .. '.json"]',
  'task = "' .. TASK .. '"',
}, ws .. "/readcov.toml")

local readcov = require("readcov")
readcov.setup({ cmd = { bin, "lsp" } })
local VARIABLES = ws .. "/pylint/checkers/variables.py"
local CONSTANTS = ws .. "/pylint/constants.py"
vim.cmd.edit(VARIABLES)
local buf = vim.api.nvim_get_current_buf()
local T = 30000

local function wait(what, cond)
  if not vim.wait(T, cond, 50) then
    error("timed out waiting for " .. what, 2)
  end
end

local function line()
  return vim.api.nvim_win_get_cursor(0)[1]
end

local function virt(b, ns)
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(b, ns, 0, -1, { details = true })) do
    local text = ""
    for _, chunk in ipairs(m[4].virt_text or {}) do
      text = text .. chunk[1]
    end
    out[#out + 1] = m[2] .. ": " .. text
  end
  return table.concat(out, "\n")
end

H.case("the server attaches and the line states arrive", function()
  wait("line states", function()
    local s = readcov.states[buf]
    return s and (s.goldLines or 0) > 0
  end)
  H.eq(readcov.statusline(), "readcov 0% < 50%")
end)

if H.failures > 0 then
  H.finish()
end

H.case(":Readcov overview lists every gold file, constants.py as never opened", function()
  vim.cmd("Readcov overview")
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  H.eq(qf.title, "readcov overview · " .. TASK .. " · run openhands · 0% < 50% (0/6 gold lines) · file hit 1/2")
  local got = vim.tbl_map(function(i)
    return vim.fn.fnamemodify(vim.api.nvim_buf_get_name(i.bufnr), ":.") .. ":" .. i.lnum .. " " .. i.text
  end, qf.items)
  local rel = function(p)
    return vim.fn.fnamemodify(p, ":.")
  end
  H.eq(got[1], rel(CONSTANTS) .. ":1 never opened · 0/4 gold lines")
  H.eq(got[2], rel(CONSTANTS) .. ":3   unread 3–4 of gold 3–4 (0/2 read)")
  H.eq(got[4], rel(VARIABLES) .. ":1 0/2 gold lines (0%) · opened turn 5 · 32 read(s)")
  H.ok(got[5]:find(":1828   unread 1828–1829 of gold 1828–1829 (0/2 read) · in method _store_type_annotation_node "
    .. "(1823–1843) · nearest reads: before 1670–1700 (turn 13), after 1950–2000 (turn 14)", 1, true), got[5])
  H.eq(#got, 5)
  H.eq(vim.bo.buftype, "quickfix")
end)

H.case("Enter on an overview entry jumps to the never-opened file", function()
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  vim.api.nvim_feedkeys(vim.keycode("<CR>"), "x", false)
  H.eq(vim.api.nvim_buf_get_name(0), CONSTANTS)
  H.eq(line(), 3)
  vim.cmd("cclose")
end)

H.case("next/previous unread span: in the file, then across the task's files", function()
  vim.cmd.edit(VARIABLES)
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  H.eq(readcov.next_unread(), 1828)
  H.eq(line(), 1828)
  -- No unread span left below: previous goes to the other gold file's last one …
  vim.cmd("Readcov prev")
  H.eq(vim.api.nvim_buf_get_name(0), CONSTANTS)
  H.eq(line(), 13)
  local cbuf = vim.api.nvim_get_current_buf()
  wait("constants.py line states", function()
    return readcov.states[cbuf] ~= nil
  end)
  vim.cmd("Readcov prev")
  H.eq(line(), 3)
  -- … and next from constants.py's last span lands on 1828 of variables.py.
  vim.api.nvim_win_set_cursor(0, { 13, 0 })
  vim.cmd("Readcov next")
  H.eq(vim.api.nvim_buf_get_name(0), VARIABLES)
  H.eq(line(), 1828)
end)

H.case(":Readcov run picks a run with vim.ui.select", function()
  local offered
  local original = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    offered = vim.tbl_map(opts.format_item, items)
    on_choice(items[2], 2)
  end
  local out = vim.api.nvim_exec2("Readcov run", { output = true }).output
  vim.ui.select = original
  H.eq(offered, { "all runs (merged)", "openhands · 0% (0/6) · below" })
  H.ok(out:find("readcov runs: openhands (available: openhands)", 1, true), out)
end)

H.case("no code action on a line that is not gold", function()
  local res = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {} },
  }, T)
  local titles = {}
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do
      titles[#titles + 1] = a.title
    end
  end
  H.eq(titles, {})
end)

H.case("a widen at 1828 is labelled what-if: status, bands, hints, lenses, diagnostics", function()
  vim.api.nvim_set_current_buf(buf)
  vim.api.nvim_win_set_cursor(0, { 1828, 0 })
  vim.cmd("Readcov widen")
  wait("what-if status", function()
    return readcov.statusline() == "readcov 0% < 50% (what-if 100%)"
  end)
  local groups = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, readcov.ns, { 1827, 0 }, { 1828, 0 }, { details = true })) do
    groups[#groups + 1] = m[4].line_hl_group
  end
  H.eq(groups, { "ReadcovWhatIf", "ReadcovWhatIf" })
  wait("hint labelled what-if", function()
    return virt(buf, readcov.ns_hints):find("what-if", 1, true) ~= nil
  end)
  wait("lens labelled what-if", function()
    return virt(buf, readcov.ns_lenses):find("what-if", 1, true) ~= nil
  end)
  wait("diagnostic labelled what-if", function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == 1827 and d.message:find("what-if", 1, true) then
        return true
      end
    end
    return false
  end)
  vim.cmd("Readcov clear")
  wait("back to 0%", function()
    return readcov.statusline() == "readcov 0% < 50%"
  end)
end)

H.finish()
