--- readcov.view: pure helpers turning server answers into what the user sees (extmark plans,
--- statusline text, summary lines). No Neovim API calls, so tests/editors/nvim/unit.lua covers them.
local M = {}

--- Highlight group per line state (see `readcov/lineStates` in docs/editors.md).
M.groups = {
  read = "ReadcovRead",
  ["gold-read"] = "ReadcovGoldRead",
  ["gold-unread"] = "ReadcovGoldUnread",
}

--- A share as readcov prints it everywhere (docs/metrics.md "How shares are printed"): the whole
--- percent rounded to nearest (ties to even, as the CLI), unless that puts it on the other side of
--- `threshold` (nil: none) or prints 100% / 0% for a share that is neither; then one decimal
--- truncated toward its side (0.4996 at 50% → "49.9%"), past that "<0.1%" / ">99.9%". Before
--- session 35 it was floored (4/45 → "8%" where the CLI printed "9%").
function M.share(x, threshold)
  local p = x * 100
  local k = math.floor(p + 0.5)
  if p - math.floor(p) == 0.5 and k % 2 ~= 0 then
    k = k - 1
  end
  if not (x >= 0 and x <= 1) then
    return string.format("%d%%", k)
  end
  local function keeps(shown)
    return (shown < 1 or x >= 1)
      and (shown > 0 or x <= 0)
      and (threshold == nil or (shown < threshold) == (x < threshold))
  end
  if keeps(k / 100) then
    return string.format("%d%%", k)
  end
  local down = math.floor(x * 1000)
  if (down + 1) / 1000 <= x then
    down = down + 1
  end
  local up = math.ceil(x * 1000)
  if up > 0 and (up - 1) / 1000 >= x then
    up = up - 1
  end
  local function tenth(m)
    return string.format("%d.%d%%", math.floor(m / 10), m % 10)
  end
  if keeps(down / 1000) then
    return tenth(down)
  end
  if threshold ~= nil and x >= threshold and keeps(up / 1000) then
    return tenth(up)
  end
  return x < 0.5 and "<0.1%" or ">99.9%"
end

--- A threshold as the CLI prints it: the decimals it needs, up to two (0.125 → "12.5%").
function M.threshold_text(t)
  local p = t * 100
  local r = math.floor(p + 0.5)
  if math.abs(p - r) < 1e-9 then
    return string.format("%d%%", r)
  end
  local s = string.format("%.2f", p):gsub("0+$", ""):gsub("%.$", "")
  return s .. "%"
end

--- What-if (source: manual) reads get their own groups, so they are never taken for the agent's:
--- a gold line read only by what-if reads, and any other line read only by them.
M.what_if_groups = {
  ["gold-read"] = "ReadcovWhatIf",
  read = "ReadcovWhatIfRead",
}

--- Rows (0-based) inside `ranges` ({ startLine, endLine } items), as a set.
local function row_set(ranges)
  local set = {}
  for _, r in ipairs(type(ranges) == "table" and ranges or {}) do
    local s, e = tonumber(r.startLine), tonumber(r.endLine)
    if s and e then
      for row = math.max(0, math.floor(s)), math.floor(e) do
        set[row] = true
      end
    end
  end
  return set
end

--- Out-of-order answers: the server may answer two requests of one kind for one buffer in either
--- order (it serves requests concurrently), and drawing the older answer last would leave stale
--- bands until the next change. Each request gets a number per key; only the latest is drawn.
function M.latest()
  local last = {}
  return {
    ask = function(key)
      last[key] = (last[key] or 0) + 1
      return last[key]
    end,
    current = function(key, n)
      return last[key] == n
    end,
  }
end

--- One entry per line: { row = 0-based line, group = highlight group }. Ranges past the buffer
--- end (a stale answer after lines were deleted) are clipped; unknown states are skipped. Lines
--- in `states.whatIf` (read only by what-if reads) take the what-if groups.
function M.plan(states, line_count)
  local out = {}
  if type(states) ~= "table" or type(states.ranges) ~= "table" then
    return out
  end
  local what_if = row_set(states.whatIf)
  for _, r in ipairs(states.ranges) do
    local group = M.groups[r.state]
    local s, e = tonumber(r.startLine), tonumber(r.endLine)
    if group and s and e then
      s = math.max(0, math.floor(s))
      e = math.min(line_count - 1, math.floor(e))
      for row = s, e do
        local g = what_if[row] and M.what_if_groups[r.state] or group
        out[#out + 1] = { row = row, group = g }
      end
    end
  end
  table.sort(out, function(a, b)
    return a.row < b.row
  end)
  return out
end

--- The agent's edits (`states.edits`) as one entry per line: { row, group, turn }; an edit that
--- touched gold lines before the run read them is `ReadcovEditUnread`.
function M.edit_plan(states, line_count)
  local out = {}
  for _, e in ipairs(type(states) == "table" and type(states.edits) == "table" and states.edits or {}) do
    local s, last = tonumber(e.startLine), tonumber(e.endLine)
    if s and last then
      local group = e.beforeReading == true and "ReadcovEditUnread" or "ReadcovEdit"
      for row = math.max(0, math.floor(s)), math.min(line_count - 1, math.floor(last)) do
        out[#out + 1] = { row = row, group = group, turn = e.turn }
      end
    end
  end
  table.sort(out, function(a, b)
    return a.row < b.row
  end)
  return out
end

--- Inlay hints as { row, text }: a label is a string or a list of parts with `value`.
function M.hint_marks(hints, line_count)
  local out = {}
  for _, h in ipairs(type(hints) == "table" and hints or {}) do
    local label = h.label
    if type(label) == "table" then
      label = table.concat(vim.tbl_map(function(p)
        return type(p) == "table" and tostring(p.value or "") or ""
      end, label))
    end
    local row = type(h.position) == "table" and tonumber(h.position.line)
    if type(label) == "string" and label ~= "" and row and row >= 0 and row < line_count then
      out[#out + 1] = { row = math.floor(row), text = label }
    end
  end
  table.sort(out, function(a, b)
    return a.row < b.row
  end)
  return out
end

--- `:Readcov legend`: what each colour means, as { group, text } in drawing order.
M.legend = {
  { "ReadcovGoldUnread", " gold, never read " },
  { "ReadcovGoldRead", " gold, read by the agent (or you) " },
  { "ReadcovWhatIf", " gold, read only by what-if reads " },
  { "ReadcovRead", " read, not gold " },
  { "ReadcovWhatIfRead", " read only by what-if reads, not gold " },
  { "ReadcovEdit", " ✎ the agent's edit " },
  { "ReadcovEditUnread", " ✎ the agent's edit of gold lines it had not read yet " },
  { "ReadcovChangeGoldLabel", " ◆ underlined: a line the gold change changed " },
  { "ReadcovChangeRunLabel", " ◆ undercurled: a line the run's change changed " },
  { "ReadcovChangeBothLabel", " ◆ double underline: changed by both " },
  { "ReadcovInlayHint", " inlay hint " },
  { "ReadcovCodeLens", " code lens " },
  { "ReadcovStatusBelow", " statusline: below the threshold " },
}

--- Statusline text: "readcov 25% < 50%", "readcov 100% ≥ 50%", "readcov no gold", or "", with the
--- stage diagnosis after it when there is a change layer (" · failed at search"). When
--- what-if reads count in the file's figure, the figure without them comes first and the what-if
--- one after it: "readcov 0% < 50% (what-if 100%)".
function M.status(states)
  if type(states) ~= "table" then
    return ""
  end
  -- The stage diagnosis, when the server has a change layer: "readcov 0% < 50% · failed at search".
  local c = states.change
  if type(c) == "table" and type(c.status) == "string" then
    local rest = vim.tbl_extend("force", {}, states)
    rest.change = nil
    return M.status(rest) .. " · " .. c.status
  end
  if states.coverage == nil or states.coverage == vim.NIL or (states.goldLines or 0) == 0 then
    return "readcov no gold"
  end
  local base = states.baseCoverage
  if (tonumber(states.whatIfLines) or 0) > 0 and type(base) == "number" then
    local cmp = base >= states.threshold and "≥" or "<"
    return string.format(
      "readcov %s %s %s (what-if %s)",
      M.share(base, states.threshold),
      cmp,
      M.threshold_text(states.threshold),
      M.share(states.coverage, states.threshold)
    )
  end
  local cmp = states.coverage >= states.threshold and "≥" or "<"
  return string.format(
    "readcov %s %s %s",
    M.share(states.coverage, states.threshold),
    cmp,
    M.threshold_text(states.threshold)
  )
end

--- The statusline group for `states`: below the threshold (the agent's own figure) or not.
function M.status_group(states)
  if type(states) ~= "table" or type(states.coverage) ~= "number" then
    return nil
  end
  local figure = ((tonumber(states.whatIfLines) or 0) > 0 and type(states.baseCoverage) == "number")
      and states.baseCoverage
    or states.coverage
  return figure < states.threshold and "ReadcovStatusBelow" or "ReadcovStatusOk"
end

local function fmt(v, threshold)
  if v == nil or v == vim.NIL then
    return "—"
  end
  return M.share(v, threshold)
end

--- Summary lines, worst line coverage first, then a totals line.
function M.summary_lines(summary)
  local rows = vim.deepcopy(summary.rows or {})
  local function cov(r)
    return (r.lineCoverage == nil or r.lineCoverage == vim.NIL) and 2 or r.lineCoverage
  end
  table.sort(rows, function(a, b)
    if cov(a) ~= cov(b) then
      return cov(a) < cov(b)
    end
    return (a.task .. "\0" .. a.run) < (b.task .. "\0" .. b.run)
  end)
  local lines = {}
  for _, r in ipairs(rows) do
    -- The what-if row is a layer over the shown runs (yours), never a run: it says so.
    local layer = r.layer == "what-if"
    lines[#lines + 1] = string.format(
      "%s %s · %s  line coverage %s (%d/%d) · file hit %s · unit hit %s",
      layer and "~" or (r.passesThreshold == false and "✗" or "✓"),
      r.task,
      layer and "what-if layer (your reads over the shown runs, not a run)" or r.run,
      fmt(r.lineCoverage, type(summary.threshold) == "number" and summary.threshold or nil),
      r.coveredLines or 0,
      r.goldLines or 0,
      fmt(r.fileHit),
      fmt(r.unitHit)
    )
  end
  local t = summary.totals or {}
  lines[#lines + 1] = string.format(
    "Σ %d/%d passing (threshold %s) · mean line coverage %s · mean file hit %s",
    t.passing or 0,
    t.scored or 0,
    type(summary.threshold) == "number" and M.threshold_text(summary.threshold) or "—",
    fmt(t.meanLineCoverage),
    fmt(t.meanFileHit)
  )
  return lines
end

--- Picks the server's widen action: "unit" (default) → "Widen read window to …", a number N →
--- "Widen by ±N lines …"; nil when the server offered no such action.
function M.pick_widen(actions, how)
  how = how or "unit"
  for _, a in ipairs(actions or {}) do
    local cmd = type(a.command) == "table" and a.command or a
    if cmd.command == "readcov.widen" then
      if how == "unit" and a.title:find("^Widen read window to") then
        return cmd
      end
      if tonumber(how) and a.title:find("^Widen by ±" .. tonumber(how) .. " lines") then
        return cmd
      end
    end
  end
  return nil
end

--- `readcov report` arguments for the server's effective inputs (`readcov/summary` → `inputs`),
--- writing <root>/.readcov/report.html; or nil and why (the report reads one gold JSONL and one
--- reads JSONL).
function M.report_args(inputs, threshold)
  if type(inputs) ~= "table" or type(inputs.root) ~= "string" then
    return nil, "open a workspace first: the report goes to <root>/.readcov/report.html"
  end
  local gold, reads = inputs.gold or {}, inputs.reads or {}
  if #gold ~= 1 or #reads ~= 1 then
    return nil, ("the HTML report needs exactly one gold file and one reads file (configured: %d gold, %d reads)"):format(#gold, #reads)
  end
  for _, f in ipairs({ gold[1], reads[1] }) do
    if not f:lower():match("%.jsonl$") then
      return nil, "readcov report reads gold and reads JSONL; convert " .. f .. " first (readcov gold / readcov import)"
    end
  end
  local function abs(f)
    return f:sub(1, 1) == "/" and f or (inputs.root .. "/" .. f)
  end
  local out = inputs.root .. "/.readcov/report.html"
  local args = { "report", "--gold", abs(gold[1]), "--reads", abs(reads[1]), "--workspace", inputs.root,
    "--threshold", tostring(threshold) }
  if type(inputs.sources) == "table" and #inputs.sources > 0 then
    vim.list_extend(args, { "--sources", table.concat(inputs.sources, ",") })
  end
  vim.list_extend(args, { "--html", out })
  return args, out
end

--- Why the report must not be written into `dir` (<root>/.readcov), or nil when it may: `stat` is
--- `vim.uv.fs_lstat(dir)` (nil: nothing there, the folder is made). The folder comes with the
--- repository: a `.readcov` that is a link made the report replace `report.html` wherever it points.
function M.report_folder_problem(dir, stat)
  if stat == nil or stat.type == "directory" then
    return nil
  end
  local what = stat.type == "link" and "a symbolic link" or "not a folder"
  return dir .. " is " .. what .. ": the HTML report is written only into a real .readcov folder of the workspace"
end

return M
