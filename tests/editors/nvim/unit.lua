--- Unit tests of editors/nvim/lua/readcov/view.lua (pure logic): extmark plan, statusline text,
--- summary lines, widen action choice. Run: nvim --headless --clean -l tests/editors/nvim/unit.lua
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h") .. "/helpers.lua")
vim.opt.rtp:prepend(H.repo .. "/editors/nvim")
local view = require("readcov.view")

local function states(ranges, extra)
  return vim.tbl_extend("force", {
    uri = "file:///w/a.py",
    ranges = ranges,
    goldLines = 16,
    coveredLines = 4,
    coverage = 0.25,
    threshold = 0.5,
    fileHit = true,
  }, extra or {})
end

H.case("plan: one mark per line, grouped by state", function()
  local plan = view.plan(
    states({
      { startLine = 3, endLine = 4, state = "gold-unread" },
      { startLine = 1, endLine = 2, state = "gold-read" },
      { startLine = 0, endLine = 0, state = "read" },
    }),
    10
  )
  H.eq(plan, {
    { row = 0, group = "ReadcovRead" },
    { row = 1, group = "ReadcovGoldRead" },
    { row = 2, group = "ReadcovGoldRead" },
    { row = 3, group = "ReadcovGoldUnread" },
    { row = 4, group = "ReadcovGoldUnread" },
  })
end)

H.case("plan: clips past the buffer end and drops unknown states", function()
  local function check(ranges, count, want)
    H.eq(view.plan(states(ranges), count), want, vim.inspect(ranges))
  end
  check({ { startLine = 8, endLine = 20, state = "read" } }, 10, { { row = 8, group = "ReadcovRead" }, { row = 9, group = "ReadcovRead" } })
  check({ { startLine = 12, endLine = 20, state = "read" } }, 10, {})
  check({ { startLine = 1, endLine = 1, state = "skimmed" } }, 10, {})
  check({ { startLine = "x", endLine = 1, state = "read" } }, 10, {})
  H.eq(view.plan(nil, 10), {})
  H.eq(view.plan({ ranges = vim.NIL }, 10), {})
end)

H.case("status: contract wording", function()
  local function check(s, want)
    H.eq(view.status(s), want)
  end
  check(states({}), "readcov 25% < 50%")
  check(states({}, { coverage = 1 }), "readcov 100% ≥ 50%")
  check(states({}, { coverage = 0.5 }), "readcov 50% ≥ 50%")
  check(states({}, { coverage = 0.4999 }), "readcov 49.9% < 50%")
  check(states({}, { coverage = vim.NIL, goldLines = 0 }), "readcov no gold")
  check(nil, "")
end)

-- docs/metrics.md "How shares are printed", the cases of server/core/src/words/tests.rs.
H.case("share: on its side of the threshold, all and none exact", function()
  local function check(x, t, want)
    H.eq(view.share(x, t), want)
  end
  check(0.2999999, nil, "30%")
  check(0.2999999, 0.3, "29.9%")
  check(1, nil, "100%")
  check(0, nil, "0%")
  check(0.4996, 0.5, "49.9%")
  check(0.4996, nil, "50%")
  check(0.5 - 1e-9, 0.5, "49.9%")
  check(0.5 + 1e-9, 0.5, "50%")
  check(0.5004, 0.5, "50%")
  check(0.9996, nil, "99.9%")
  check(0.0004, nil, "<0.1%")
  check(0.125, 0.125, "12.5%")
  check(0.12431, 0.1242, "12.5%")
  check(0.99999, 0.9999, ">99.9%")
  check(4 / 45, nil, "9%")
  check(4 / 45, 0.09, "8.8%")
  check(0.625, nil, "62%")
  H.eq(view.threshold_text(0.125), "12.5%")
  H.eq(view.threshold_text(0.5), "50%")
end)

H.case("summary_lines: worst first, then totals", function()
  local function row(run, cov, pass)
    return { task = "t1", run = run, fileHit = 1, lineCoverage = cov, passesThreshold = pass, goldLines = 16, coveredLines = math.floor(cov * 16), unitHit = vim.NIL }
  end
  local lines = view.summary_lines({
    threshold = 0.5,
    rows = { row("run-b", 1, true), row("run-a", 0.25, false) },
    totals = { rows = 2, scored = 2, passing = 1, meanLineCoverage = 0.625, meanFileHit = 1 },
  })
  H.eq(lines, {
    "✗ t1 · run-a  line coverage 25% (4/16) · file hit 100% · unit hit —",
    "✓ t1 · run-b  line coverage 100% (16/16) · file hit 100% · unit hit —",
    "Σ 1/2 passing (threshold 50%) · mean line coverage 62% · mean file hit 100%",
  })
  -- The what-if layer's row is named a layer, not a run (issue 38).
  local layer = row("what-if", 1, true)
  layer.layer = "what-if"
  local with_layer = view.summary_lines({ threshold = 0.5, rows = { layer }, totals = {} })
  H.eq(with_layer[1], "~ t1 · what-if layer (your reads over the shown runs, not a run)  line coverage 100% (16/16) · "
    .. "file hit 100% · unit hit —")
end)

H.case("pick_widen: unit, ±N, or nothing", function()
  local unit = { command = "readcov.widen", arguments = { { uri = "u", startLine = 9, endLine = 24 } } }
  local ten = { command = "readcov.widen", arguments = { { uri = "u", startLine = 0, endLine = 30 } } }
  local actions = {
    { title = "Mark lines as read", command = { command = "readcov.widen", arguments = {} } },
    { title = "Widen read window to `check_token` (lines 10–25) → coverage 100%", command = unit },
    { title = "Widen by ±10 lines → coverage 75%", command = "readcov.widen", arguments = ten.arguments },
  }
  H.eq(view.pick_widen(actions), unit)
  H.eq(view.pick_widen(actions, "unit"), unit)
  H.eq(view.pick_widen(actions, "10").arguments, ten.arguments)
  H.eq(view.pick_widen(actions, "5"), nil)
  H.eq(view.pick_widen({}, "unit"), nil)
end)

H.case("report_args: readcov report over the server's effective inputs", function()
  local inputs = { root = "/w", gold = { "gold.jsonl" }, reads = { "r/reads.jsonl" }, sources = { "agent", "human" } }
  local args, out = view.report_args(inputs, 0.5)
  H.eq(args, { "report", "--gold", "/w/gold.jsonl", "--reads", "/w/r/reads.jsonl", "--workspace", "/w",
    "--threshold", "0.5", "--sources", "agent,human", "--html", "/w/.readcov/report.html" })
  H.eq(out, "/w/.readcov/report.html")
  local none, why = view.report_args(vim.tbl_extend("force", inputs, { gold = { "fix.diff" } }), 0.5)
  H.eq(none, nil)
  H.eq(why:find("convert fix.diff", 1, true) ~= nil, true)
  none, why = view.report_args(vim.tbl_extend("force", inputs, { reads = {} }), 0.5)
  H.eq(none, nil)
  H.eq(why:find("0 reads", 1, true) ~= nil, true)
end)

H.case("report_folder_problem: never through a .readcov link the repository planted", function()
  H.eq(view.report_folder_problem("/w/.readcov", nil), nil)
  H.eq(view.report_folder_problem("/w/.readcov", { type = "directory" }), nil)
  H.eq(view.report_folder_problem("/w/.readcov", { type = "link" }):find("/w/.readcov is a symbolic link", 1, true) ~= nil, true)
  H.eq(view.report_folder_problem("/w/.readcov", { type = "file" }):find("not a folder", 1, true) ~= nil, true)
  -- On disk, through lstat as M.report calls it.
  local tmp = vim.fn.tempname()
  vim.fn.mkdir(tmp .. "/outside", "p")
  vim.fn.mkdir(tmp .. "/ws", "p")
  vim.uv.fs_symlink("../outside", tmp .. "/ws/.readcov")
  local dir = tmp .. "/ws/.readcov"
  H.eq(view.report_folder_problem(dir, vim.uv.fs_lstat(dir)) ~= nil, true)
  vim.fn.delete(tmp, "rf")
end)

H.case("latest: only the last request of a key is current", function()
  local asked = view.latest()
  local a1 = asked.ask(1)
  local a2 = asked.ask(1)
  local b1 = asked.ask("hints:1")
  H.eq(asked.current(1, a1), false)
  H.eq(asked.current(1, a2), true)
  H.eq(asked.current("hints:1", b1), true, "keys are apart")
  H.eq(asked.current(2, 1), false, "a key never asked")
end)

H.case("refresh: an older answer arriving last is not drawn (line states, hints, lenses)", function()
  local rc = require("readcov")
  local draw = require("readcov.draw")
  local calls = {}
  local fake = {
    id = 424242,
    request = function(_, method, _, cb)
      calls[method] = calls[method] or {}
      table.insert(calls[method], cb)
    end,
  }
  local saved = vim.lsp.get_clients
  vim.lsp.get_clients = function()
    return { fake }
  end
  local buf = vim.api.nvim_create_buf(true, false)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "a", "b", "c", "d", "e" })
  local ok, err = pcall(function()
    rc.refresh(buf)
    rc.refresh(buf)
  end)
  vim.lsp.get_clients = saved
  H.eq(ok, true, tostring(err))
  H.eq(#calls["readcov/lineStates"], 2)
  H.eq(#calls["textDocument/inlayHint"], 2)
  H.eq(#calls["textDocument/codeLens"], 2)
  -- The server answers the second request first, then the first one.
  calls["readcov/lineStates"][2](nil, states({ { startLine = 0, endLine = 2, state = "gold-read" } }, { coverage = 0.75 }))
  calls["readcov/lineStates"][1](nil, states({ { startLine = 0, endLine = 0, state = "gold-read" } }, { coverage = 0.25 }))
  H.eq(rc.states[buf].coverage, 0.75)
  local hint = function(line, label)
    return { position = { line = line, character = 0 }, label = label }
  end
  calls["textDocument/inlayHint"][2](nil, { hint(1, "new") })
  calls["textDocument/inlayHint"][1](nil, { hint(3, "old") })
  H.eq(draw.hints[buf][1].label, "new")
  local lens = function(title)
    return { range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } }, command = { title = title, command = "x" } }
  end
  calls["textDocument/codeLens"][2](nil, { lens("new") })
  calls["textDocument/codeLens"][1](nil, { lens("old") })
  H.eq(draw.lenses[buf][1].command.title, "new")
  vim.api.nvim_buf_delete(buf, { force = true })
end)

H.finish()
