--- Unit tests of the plugin's pure logic added for the task view (issue 24): what-if and edit
--- plans, hint marks, the what-if statusline, the overview's quickfix items, run choices, and the
--- highlight palette.
--- Run: nvim --headless --clean -l tests/editors/nvim/unit_task.lua
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h") .. "/helpers.lua")
vim.opt.rtp:prepend(H.repo .. "/editors/nvim")
local view = require("readcov.view")
local overview = require("readcov.overview")

local function rows(plan)
  return vim.tbl_map(function(m)
    return m.row .. ":" .. m.group
  end, plan)
end

H.case("plan: lines read only by what-if reads take the what-if groups", function()
  local states = {
    ranges = {
      { startLine = 0, endLine = 1, state = "read" },
      { startLine = 2, endLine = 4, state = "gold-read" },
      { startLine = 5, endLine = 5, state = "gold-unread" },
    },
    whatIf = { { startLine = 1, endLine = 3 } },
  }
  H.eq(rows(view.plan(states, 10)), {
    "0:ReadcovRead", "1:ReadcovWhatIfRead", "2:ReadcovWhatIf", "3:ReadcovWhatIf", "4:ReadcovGoldRead",
    "5:ReadcovGoldUnread",
  })
  -- no whatIf field (an older server): the plain groups
  states.whatIf = nil
  H.eq(rows(view.plan(states, 10))[2], "1:ReadcovRead")
end)

H.case("edit_plan: one mark per edited line, before-reading edits flagged, clipped", function()
  local states = {
    edits = {
      { startLine = 3, endLine = 4, turn = 7, goldLines = 2, beforeReading = true },
      { startLine = 8, endLine = 12, turn = 9, goldLines = 0, beforeReading = false },
      { startLine = "x", endLine = 1 },
    },
  }
  H.eq(rows(view.edit_plan(states, 10)), {
    "3:ReadcovEditUnread", "4:ReadcovEditUnread", "8:ReadcovEdit", "9:ReadcovEdit",
  })
  H.eq(view.edit_plan({}, 10), {})
  H.eq(view.edit_plan(nil, 10), {})
end)

H.case("hint_marks: string and part labels, out-of-buffer hints dropped", function()
  local hints = {
    { position = { line = 9, character = 40 }, label = "read 4/16 gold (25%)" },
    { position = { line = 0, character = 3 }, label = { { value = "gold 16 · " }, { value = "read 25%" } } },
    { position = { line = 99, character = 0 }, label = "past the end" },
    { position = { line = 2, character = 0 }, label = "" },
  }
  H.eq(view.hint_marks(hints, 20), { { row = 0, text = "gold 16 · read 25%" }, { row = 9, text = "read 4/16 gold (25%)" } })
  H.eq(view.hint_marks(vim.NIL, 20), {})
end)

H.case("status: the agent's figure first, what-if labelled", function()
  local s = { goldLines = 2, coverage = 1, threshold = 0.5, whatIfLines = 2, baseCoverage = 0 }
  H.eq(view.status(s), "readcov 0% < 50% (what-if 100%)")
  H.eq(view.status_group(s), "ReadcovStatusBelow")
  s.whatIfLines = 0
  H.eq(view.status(s), "readcov 100% ≥ 50%")
  H.eq(view.status_group(s), "ReadcovStatusOk")
  s.whatIfLines, s.baseCoverage = 1, 0.5
  H.eq(view.status(s), "readcov 50% ≥ 50% (what-if 100%)")
  H.eq(view.status_group(nil), nil)
end)

-- The shape `readcov/overview` answers for pylint-dev__pylint-4604 (see docs/editors.md).
local function row(kind, label, description, path, line, children)
  return { kind = kind, label = label, description = description, path = path, uri = "file:///w/" .. path,
    startLine = line, endLine = line + 1, tooltip = vim.NIL, children = children or {} }
end
local answer = {
  task = "pylint-dev__pylint-4604", run = "openhands",
  title = "pylint-dev__pylint-4604 · run openhands · 0% < 50% (0/6 gold lines) · file hit 1/2 · gold as given",
  note = vim.NIL, error = vim.NIL, whatIf = vim.NIL, change = vim.NIL,
  groups = {
    { id = "gold", label = "gold files", description = "1/2 opened · 0/6 lines read", rows = {
      row("never-opened", "never opened · 0/4", "pylint/constants.py", "pylint/constants.py", 2, {
        row("unread", "unread 3–4 · 0/2 of gold 3–4", "pylint/constants.py", "pylint/constants.py", 2) }),
      row("gold-file", "0/2 read · 0%", "pylint/checkers/variables.py", "pylint/checkers/variables.py", 1827, {
        row("unread", "unread 1828–1829 · 0/2 of gold 1828–1829",
          "method _store_type_annotation_node · nearest reads 1670–1700 (turn 13) / 1950–2000 (turn 14) · pylint/checkers/variables.py",
          "pylint/checkers/variables.py", 1827) }),
    } },
    { id = "readInstead", label = "read instead", description = "1 file(s) without gold · 48 lines", rows = {
      row("read-instead", "48 lines · turn 9 · 2 read(s)", "tests/u.py", "tests/u.py", 0) } },
    { id = "timeline", label = "coverage per turn", description = "0% (turn 1) → 0% (turn 20) · never reached 50% · ▁▁▁",
      rows = {} },
  },
}

H.case("overview: title and quickfix items — gold files, read instead, timeline — figures first", function()
  H.eq(overview.title(answer), "readcov overview · " .. answer.title)
  local items = overview.items(answer, "/w")
  H.eq(vim.tbl_map(function(i)
    return string.format("%s:%d %s %s", i.filename or "", i.lnum or 0, i.type or "-", i.text)
  end, items), {
    ":0 - ── gold files: 1/2 opened · 0/6 lines read",
    "/w/pylint/constants.py:3 W never opened · 0/4",
    "/w/pylint/constants.py:3 W   unread 3–4 · 0/2 of gold 3–4",
    "/w/pylint/checkers/variables.py:1828 I 0/2 read · 0%",
    "/w/pylint/checkers/variables.py:1828 W   unread 1828–1829 · 0/2 of gold 1828–1829 · method "
      .. "_store_type_annotation_node · nearest reads 1670–1700 (turn 13) / 1950–2000 (turn 14)",
    ":0 - ── read instead: 1 file(s) without gold · 48 lines",
    "/w/tests/u.py:1 I 48 lines · turn 9 · 2 read(s)",
    ":0 - ── coverage per turn: 0% (turn 1) → 0% (turn 20) · never reached 50% · ▁▁▁",
  })
  H.eq(items[5].end_lnum, 1829)
  H.eq(items[1].valid, 0)
  -- An empty gold says why, first; the what-if layer's figure too.
  local empty = vim.deepcopy(answer)
  empty.groups, empty.note = {}, "no gold lines under gold `test`: no test-tier lines"
  empty.whatIf = { text = "what-if 33% (2/6) with your what-if reads · the run's own 0%" }
  H.eq(vim.tbl_map(function(i)
    return i.text
  end, overview.items(empty, "/w")), { empty.note, empty.whatIf.text })
  H.eq(overview.items(nil, "/w"), {})
  H.eq(overview.title({}), "readcov overview")
end)

H.case("run_choices: all merged, then the selected task's runs with figures", function()
  local tasks = {
    selected = { task = "t1", run = vim.NIL },
    tasks = {
      { task = "t1", gold_lines = 23, runs = {
        { run = "run-a", verdict = "below", line_coverage = 0.478, covered_lines = 11 },
        { run = "run-b", verdict = "below", line_coverage = 0, covered_lines = 0 },
      } },
      { task = "t2", gold_lines = 4, runs = { { run = "-", verdict = "unscored" } } },
    },
  }
  -- 0.478 reads "48%" as the CLI rounds it (floored to "47%" before session 35).
  H.eq(overview.run_choices(tasks), {
    { label = "all runs (merged)", runs = {} },
    { label = "run-a · 48% (11/23) · below", runs = { "run-a" } },
    { label = "run-b · 0% (0/23) · below", runs = { "run-b" } },
  })
  tasks.selected.task = vim.NIL
  H.eq(overview.run_choices(tasks)[2].label, "t1 · run-a · 48% (11/23) · below")
  H.eq(#overview.run_choices(nil), 1)
end)

H.case("highlights: the dark what-if bands stand apart from the read band and from each other", function()
  local hl = require("readcov.highlights")
  local function rgb(hex)
    return tonumber(hex:sub(2, 3), 16), tonumber(hex:sub(4, 5), 16), tonumber(hex:sub(6, 7), 16)
  end
  local function distance(a, b)
    local r1, g1, b1 = rgb(a)
    local r2, g2, b2 = rgb(b)
    return math.sqrt((r1 - r2) ^ 2 + (g1 - g2) ^ 2 + (b1 - b2) ^ 2)
  end
  local p = hl.palette
  for _, bg in ipairs({ "dark", "light" }) do
    local read, wi, wir = p.ReadcovRead[bg].bg, p.ReadcovWhatIf[bg].bg, p.ReadcovWhatIfRead[bg].bg
    H.ok(distance(read, wir) >= 30, bg .. ": what-if (not gold) " .. wir .. " too close to read " .. read)
    H.ok(distance(wi, wir) >= 30, bg .. ": what-if gold " .. wi .. " too close to what-if " .. wir)
  end
end)

H.case("highlights: bands with backgrounds on dark and light, user overrides kept", function()
  local hl = require("readcov.highlights")
  local seen = {}
  for _, bg in ipairs({ "dark", "light" }) do
    vim.o.background = bg
    hl.apply()
    for _, name in ipairs({ "ReadcovRead", "ReadcovGoldRead", "ReadcovGoldUnread", "ReadcovWhatIf" }) do
      local g = vim.api.nvim_get_hl(0, { name = name })
      H.ok(g.bg ~= nil, name .. " has a background on " .. bg)
      seen[bg .. name] = g.bg
    end
    H.ok(vim.api.nvim_get_hl(0, { name = "ReadcovInlayHint" }).fg ~= nil, "inlay hint colour on " .. bg)
  end
  H.ok(seen.darkReadcovGoldUnread ~= seen.lightReadcovGoldUnread, "gold-unread follows 'background'")
  vim.api.nvim_set_hl(0, "ReadcovGoldUnread", { bg = "#123456" })
  vim.o.background = "dark"
  hl.apply()
  H.eq(vim.api.nvim_get_hl(0, { name = "ReadcovGoldUnread" }).bg, 0x123456)
end)

H.case("change.plan: gold, run and both as their own groups, labelled once per run of lines", function()
  local change = require("readcov.change")
  local states = {
    change = {
      gold = { { startLine = 2, endLine = 4 } },
      run = { { startLine = 4, endLine = 6 }, { startLine = 40, endLine = 41 } },
    },
  }
  local got = vim.tbl_map(function(m)
    return m.row .. ":" .. m.group .. (m.label and (":" .. m.label) or "")
  end, change.plan(states, 10))
  H.eq(got, {
    "2:ReadcovChangeGold:◆ gold change", "3:ReadcovChangeGold", "4:ReadcovChangeBoth:◆ gold + run's change",
    "5:ReadcovChangeRun:◆ run's change", "6:ReadcovChangeRun",
  })
  H.eq(change.plan({ change = vim.NIL }, 10), {})
  H.eq(change.plan(nil, 10), {})
end)

H.case("change.units / unit_at: rows of the change group with both texts, found by line", function()
  local change = require("readcov.change")
  local o = {
    groups = {
      { id = "gold", rows = { { uri = "file:///a.py", startLine = 0, endLine = 9, diff = { goldText = "x", agentText = "y" } } } },
      { id = "change", rows = {
        { uri = "file:///a.py", startLine = 3, endLine = 5, diff = { goldText = "g", agentText = "a", title = "t" } },
        { uri = "file:///a.py", startLine = 8, endLine = 9, diff = vim.NIL },
        { uri = "file:///b.py", startLine = 0, endLine = 2, diff = { goldText = "g2", agentText = "a2" } },
      } },
    },
  }
  local units = change.units(o)
  H.eq(#units, 2)
  H.eq(change.unit_at(units, "file:///a.py", 4).diff.goldText, "g")
  H.eq(change.unit_at(units, "file:///a.py", 8), nil)
  H.eq(change.unit_at(units, "file:///b.py", 0).diff.agentText, "a2")
end)

H.case("status: the stage diagnosis after the figures when there is a change layer", function()
  local s = { goldLines = 2, coverage = 0, threshold = 0.5, change = { status = "failed at search" } }
  H.eq(view.status(s), "readcov 0% < 50% · failed at search")
  s.change = vim.NIL
  H.eq(view.status(s), "readcov 0% < 50%")
end)

H.finish()
