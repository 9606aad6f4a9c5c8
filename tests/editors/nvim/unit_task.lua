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

-- The shape `readcov/explain` answers for pylint-dev__pylint-4604 (see docs/explain.md).
local explain = {
  task = "pylint-dev__pylint-4604", run = "openhands", status = "scored", verdict = "below", threshold = 0.5,
  line_coverage = 0, covered_lines = 0, gold_lines = 6, gold_files = 2, files_hit = 1,
  files = {
    { path = "pylint/constants.py", gold_lines = 4, covered = 0, coverage = 0, opened = false, reads = 0,
      first_read_turn = vim.NIL,
      spans = {
        { start = 3, ["end"] = 4, gold_lines = 2, covered = 0, coverage = 0, unread = { { start = 3, ["end"] = 4 } },
          unit = vim.NIL, nearest_before = vim.NIL, nearest_after = vim.NIL },
        { start = 13, ["end"] = 14, gold_lines = 2, covered = 0, coverage = 0, unread = { { start = 13, ["end"] = 14 } },
          unit = vim.NIL, nearest_before = vim.NIL, nearest_after = vim.NIL },
      } },
    { path = "pylint/checkers/variables.py", gold_lines = 2, covered = 0, coverage = 0, opened = true, reads = 32,
      first_read_turn = 5,
      spans = {
        { start = 1828, ["end"] = 1829, gold_lines = 2, covered = 0, coverage = 0,
          unread = { { start = 1828, ["end"] = 1829 } },
          unit = { kind = "method", name = "_store_type_annotation_node", start = 1823, ["end"] = 1843 },
          nearest_before = { start = 1670, ["end"] = 1700, turn = 13 },
          nearest_after = { start = 1950, ["end"] = 2000, turn = 14 } },
      } },
  },
}

H.case("overview: title and quickfix items, never-opened files first-class", function()
  H.eq(overview.title(explain),
    "readcov overview · pylint-dev__pylint-4604 · run openhands · 0% < 50% (0/6 gold lines) · file hit 1/2")
  local items = overview.items(explain, "/w")
  H.eq(vim.tbl_map(function(i)
    return string.format("%s:%d %s %s", i.filename, i.lnum, i.type, i.text)
  end, items), {
    "/w/pylint/constants.py:1 W never opened · 0/4 gold lines",
    "/w/pylint/constants.py:3 W   unread 3–4 of gold 3–4 (0/2 read)",
    "/w/pylint/constants.py:13 W   unread 13–14 of gold 13–14 (0/2 read)",
    "/w/pylint/checkers/variables.py:1 W 0/2 gold lines (0%) · opened turn 5 · 32 read(s)",
    "/w/pylint/checkers/variables.py:1828 W   unread 1828–1829 of gold 1828–1829 (0/2 read) · in method "
      .. "_store_type_annotation_node (1823–1843) · nearest reads: before 1670–1700 (turn 13), after 1950–2000 (turn 14)",
  })
  H.eq(items[5].end_lnum, 1829)
  -- A span fully read has no item; a file at the threshold is I.
  local read = vim.deepcopy(explain)
  read.files[2].coverage, read.files[2].covered, read.files[2].spans[1].unread = 1, 2, {}
  H.eq(#overview.items(read, "/w"), 4)
  H.eq(overview.items(read, "/w")[4].type, "I")
  H.eq(overview.items({}, "/w"), {})
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
  H.eq(overview.run_choices(tasks), {
    { label = "all runs (merged)", runs = {} },
    { label = "run-a · 47% (11/23) · below", runs = { "run-a" } },
    { label = "run-b · 0% (0/23) · below", runs = { "run-b" } },
  })
  tasks.selected.task = vim.NIL
  H.eq(overview.run_choices(tasks)[2].label, "t1 · run-a · 47% (11/23) · below")
  H.eq(#overview.run_choices(nil), 1)
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

H.finish()
