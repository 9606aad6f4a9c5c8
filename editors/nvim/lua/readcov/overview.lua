--- readcov.overview: pure helpers turning `readcov/overview` and `readcov/tasks` answers into the
--- task overview (quickfix items) and the run picker's choices.
--- No Neovim API calls beyond vim.* table helpers, so tests/editors/nvim/unit.lua covers them.
local M = {}

--- A share by docs/metrics.md "How shares are printed" (no threshold here: all / none exact).
local function pct(v)
  if type(v) ~= "number" then
    return "—"
  end
  return require("readcov.view").share(v, nil)
end

local function join(root, path)
  if path:sub(1, 1) == "/" or not root or root == "" then
    return path
  end
  return root .. "/" .. path
end

--- Title of the list: `readcov overview · TASK · run R · 0% < 50% (0/6 gold lines) · file hit 1/2 ·
--- gold edit` (the server's header; it names the gold shown).
function M.title(o)
  local t = type(o) == "table" and o.title or nil
  if type(t) ~= "string" then
    return "readcov overview"
  end
  return t:find("^readcov overview") and t or ("readcov overview · " .. t)
end

local function text_of(v)
  return type(v) == "string" and v ~= "" and v or nil
end

--- A row's quickfix text: its figures, then its context (the unit, the nearest reads) — the path
--- is the entry's file name already.
local function row_text(r, indent)
  local context = text_of(r.description) or ""
  local path = text_of(r.path) or ""
  if context == path then
    context = ""
  elseif path ~= "" then
    local suffix = " · " .. path
    if #context > #suffix and context:sub(-#suffix) == suffix then
      context = context:sub(1, -#suffix - 1)
    end
  end
  return indent .. (r.label or "?") .. (context ~= "" and (" · " .. context) or "")
end

local WARN = { ["never-opened"] = true, unread = true, ["edit-unread"] = true }

--- Quickfix items for the task overview (`readcov/overview`): the note (why the gold is empty)
--- and the what-if layer's figure first, then each group as a header line (`── read instead:
--- 1 file(s) without gold · 48 lines`) followed by its rows — gold files with their unread
--- lines, the files read instead, the agent's edits — each at the lines it opens. `type` W for
--- what was missed, I otherwise. `root` resolves paths of rows without a URI.
function M.items(o, root)
  local out = {}
  if type(o) ~= "table" then
    return out
  end
  local messages = { text_of(o.error), text_of(o.note), type(o.whatIf) == "table" and text_of(o.whatIf.text) or nil,
    type(o.change) == "table" and text_of(o.change.text) or nil }
  for i = 1, 4 do
    if messages[i] then
      out[#out + 1] = { text = messages[i], type = "I", valid = 0 }
    end
  end
  for _, g in ipairs(type(o.groups) == "table" and o.groups or {}) do
    out[#out + 1] = { text = string.format("── %s: %s", g.label or "?", g.description or ""), valid = 0 }
    local function add(r, indent)
      local filename = type(r.uri) == "string" and vim.uri_to_fname(r.uri) or join(root, r.path or "")
      out[#out + 1] = {
        filename = filename,
        lnum = (tonumber(r.startLine) or 0) + 1,
        end_lnum = (tonumber(r.endLine) or 0) + 1,
        text = row_text(r, indent),
        type = WARN[r.kind] and "W" or "I",
      }
      for _, c in ipairs(type(r.children) == "table" and r.children or {}) do
        add(c, indent .. "  ")
      end
    end
    for _, r in ipairs(type(g.rows) == "table" and g.rows or {}) do
      add(r, "")
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
