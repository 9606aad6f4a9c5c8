--- readcov.change: the change layer (issue 38) — the lines the gold change changed and the lines
--- the run's change changed (`readcov/lineStates` → `change`), drawn as their own layer: an
--- underline of the line's text (never a band, which is the reads'), ReadcovChangeGold /
--- ReadcovChangeRun / ReadcovChangeBoth, its line number in the label's colour, and a right-aligned
--- label on the first line of each run of lines; `:Readcov change` toggles it. `:Readcov diff` opens a gold change unit's text after
--- the gold patch beside the run's in a diff split (from `readcov/overview` → the `change` group).
--- The plan and the unit choice are pure (tests/editors/nvim/unit_task.lua).
local M = {}

M.ns = vim.api.nvim_create_namespace("readcov.change")

local LABEL = {
  gold = "◆ gold change",
  run = "◆ run's change",
  both = "◆ gold + run's change",
}
local GROUP = { gold = "ReadcovChangeGold", run = "ReadcovChangeRun", both = "ReadcovChangeBoth" }

local function rows_of(ranges, line_count, into, key)
  for _, r in ipairs(type(ranges) == "table" and ranges or {}) do
    local s, e = tonumber(r.startLine), tonumber(r.endLine)
    if s and e then
      for row = math.max(0, math.floor(s)), math.min(line_count - 1, math.floor(e)) do
        into[row] = into[row] or {}
        into[row][key] = true
      end
    end
  end
end

--- `states.change` as one entry per line: { row, kind = gold|run|both, group, label } — `label`
--- only on the first line of each run of lines of one kind.
function M.plan(states, line_count)
  local c = type(states) == "table" and states.change or nil
  if type(c) ~= "table" then
    return {}
  end
  local bits = {}
  rows_of(c.gold, line_count, bits, "gold")
  rows_of(c.run, line_count, bits, "run")
  local rows = vim.tbl_keys(bits)
  table.sort(rows)
  local out, prev = {}, nil
  for _, row in ipairs(rows) do
    local kind = (bits[row].gold and bits[row].run) and "both" or (bits[row].gold and "gold" or "run")
    local first = not (prev and prev.row == row - 1 and prev.kind == kind)
    local entry = { row = row, kind = kind, group = GROUP[kind], label = first and LABEL[kind] or nil }
    out[#out + 1] = entry
    prev = entry
  end
  return out
end

--- Draws the change layer of `buf` (nothing while hidden or switched off).
function M.draw(buf, states, config, hidden)
  vim.api.nvim_buf_clear_namespace(buf, M.ns, 0, -1)
  if hidden or not config.change then
    return
  end
  for _, m in ipairs(M.plan(states, vim.api.nvim_buf_line_count(buf))) do
    local text = vim.api.nvim_buf_get_lines(buf, m.row, m.row + 1, false)[1] or ""
    -- The line number too: a blank changed line (no text to underline) still shows.
    local opts = { priority = 7, end_row = m.row, end_col = #text, hl_group = m.group, number_hl_group = m.group .. "Label" }
    if m.label then
      opts.virt_text = { { m.label, m.group .. "Label" } }
      opts.virt_text_pos = "right_align"
    end
    vim.api.nvim_buf_set_extmark(buf, M.ns, m.row, 0, opts)
  end
end

--- The rows of the overview's `change` group that carry both texts, in order.
function M.units(o)
  local out = {}
  for _, g in ipairs(type(o) == "table" and type(o.groups) == "table" and o.groups or {}) do
    if g.id == "change" then
      for _, r in ipairs(type(g.rows) == "table" and g.rows or {}) do
        if type(r.diff) == "table" and type(r.diff.goldText) == "string" and type(r.diff.agentText) == "string" then
          out[#out + 1] = r
        end
      end
    end
  end
  return out
end

--- The unit of `units` holding 0-based `row` of the file at `uri`, else nil.
function M.unit_at(units, uri, row)
  for _, r in ipairs(units) do
    if r.uri == uri and row >= r.startLine and row <= r.endLine then
      return r
    end
  end
  return nil
end

local function scratch(name, text)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, "\n", { plain = true }))
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = "wipe"
  pcall(vim.api.nvim_buf_set_name, buf, name)
  return buf
end

--- Opens `unit`'s gold text (left) and run text (right) in a new tab as a diff split; returns
--- the two buffers.
function M.open_diff(unit, filetype)
  local d = unit.diff
  vim.cmd("tabnew")
  local gold = scratch("readcov://gold/" .. d.title, d.goldText)
  vim.api.nvim_win_set_buf(0, gold)
  vim.cmd("diffthis")
  vim.cmd("rightbelow vsplit")
  local run = scratch("readcov://run/" .. d.title, d.agentText)
  vim.api.nvim_win_set_buf(0, run)
  vim.cmd("diffthis")
  for _, b in ipairs({ gold, run }) do
    if filetype and filetype ~= "" then
      vim.bo[b].filetype = filetype
    end
  end
  return gold, run
end

return M
