--- readcov.overview: pure helpers turning `readcov/explain` and `readcov/tasks` answers into the
--- task overview (quickfix items) and the run picker's choices.
--- No Neovim API calls beyond vim.* table helpers, so tests/editors/nvim/unit.lua covers them.
local M = {}

local function pct(v)
  if type(v) ~= "number" then
    return "—"
  end
  return string.format("%d%%", math.floor(v * 100 + 1e-9))
end

local function lines(a, b)
  return a == b and tostring(a) or (a .. "–" .. b)
end

local function join(root, path)
  if path:sub(1, 1) == "/" or not root or root == "" then
    return path
  end
  return root .. "/" .. path
end

--- Title of the list: task, run, verdict, file hit.
function M.title(ex)
  local cmp = ex.verdict == "pass" and "≥" or "<"
  local cov = ex.status == "unscored" and "unscored"
    or string.format("%s %s %s (%d/%d gold lines)", pct(ex.line_coverage), cmp, pct(ex.threshold),
      ex.covered_lines or 0, ex.gold_lines or 0)
  return string.format("readcov overview · %s · run %s · %s · file hit %d/%d", ex.task or "?", ex.run or "?",
    cov, ex.files_hit or 0, ex.gold_files or 0)
end

local function near(r)
  if type(r) ~= "table" then
    return nil
  end
  local turn = type(r.turn) == "number" and string.format(" (turn %d)", r.turn) or ""
  return lines(r.start, r["end"]) .. turn
end

--- The line of a gold file: "never opened · 0/4 gold lines" or "0/2 gold lines (0%) · opened
--- turn 5 · 32 read(s)".
function M.file_text(f)
  local figure = string.format("%d/%d gold lines", f.covered or 0, f.gold_lines or 0)
  if not f.opened then
    return "never opened · " .. figure
  end
  local turn = type(f.first_read_turn) == "number" and (" turn " .. f.first_read_turn) or ""
  return string.format("%s (%s) · opened%s · %d read(s)", figure, pct(f.coverage), turn, f.reads or 0)
end

--- The line of a span with unread lines: unread ranges, the unit around it, the nearest reads.
function M.span_text(s)
  local unread = vim.tbl_map(function(u)
    return lines(u.start, u["end"])
  end, s.unread or {})
  local text = string.format("  unread %s of gold %s (%d/%d read)", table.concat(unread, ", "),
    lines(s.start, s["end"]), s.covered or 0, s.gold_lines or 0)
  if type(s.unit) == "table" then
    text = text .. string.format(" · in %s %s (%s)", s.unit.kind or "unit", s.unit.name or "?",
      lines(s.unit.start, s.unit["end"]))
  end
  local before, after = near(s.nearest_before), near(s.nearest_after)
  if before or after then
    text = text .. string.format(" · nearest reads: before %s, after %s", before or "none", after or "none")
  end
  return text
end

--- Quickfix items for the task overview, in explain's order (worst file first): one per gold
--- file (never-opened files included) and one per span with unread lines, at its first unread
--- line. `type` is W below the threshold, I otherwise.
function M.items(ex, root)
  local out = {}
  local threshold = type(ex.threshold) == "number" and ex.threshold or 0.5
  for _, f in ipairs(type(ex.files) == "table" and ex.files or {}) do
    local filename = join(root, f.path)
    local below = type(f.coverage) == "number" and f.coverage < threshold
    out[#out + 1] = { filename = filename, lnum = 1, text = M.file_text(f), type = below and "W" or "I" }
    for _, s in ipairs(type(f.spans) == "table" and f.spans or {}) do
      if type(s.unread) == "table" and #s.unread > 0 then
        out[#out + 1] = {
          filename = filename,
          lnum = s.unread[1].start,
          end_lnum = s.unread[#s.unread]["end"],
          text = M.span_text(s),
          type = (type(s.coverage) == "number" and s.coverage < threshold) and "W" or "I",
        }
      end
    end
  end
  return out
end

--- Choices of `:Readcov run` from `readcov/tasks`: all runs merged, then each run of the selected
--- task (every task's runs when none is selected) with its figures. Each: { label, runs }.
function M.run_choices(tasks)
  local out = { { label = "all runs (merged)", runs = {} } }
  local selected = type(tasks) == "table" and type(tasks.selected) == "table" and tasks.selected.task
  local list = type(tasks) == "table" and type(tasks.tasks) == "table" and tasks.tasks or {}
  for _, t in ipairs(list) do
    if selected == nil or selected == vim.NIL or t.task == selected then
      for _, r in ipairs(type(t.runs) == "table" and t.runs or {}) do
        if r.run ~= "-" then
          local prefix = (selected == nil or selected == vim.NIL) and (t.task .. " · ") or ""
          out[#out + 1] = {
            label = string.format("%s%s · %s (%d/%d) · %s", prefix, r.run, pct(r.line_coverage),
              r.covered_lines or 0, t.gold_lines or 0, r.verdict or "?"),
            runs = { r.run },
          }
        end
      end
    end
  end
  return out
end

return M
