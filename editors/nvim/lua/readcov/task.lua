--- readcov.task: the whole task, not only the open file — `:Readcov overview` (a quickfix list of
--- every gold file of the selected run, never-opened ones included, its unread spans, the files
--- read instead, the edits, coverage per turn; refreshed in place on every change), the run
--- picker, and next/previous unread gold span (across the task's files, from the server).
local overview = require("readcov.overview")

local M = {}

--- `readcov/overview` for the selected task and run, and the workspace root (from
--- `readcov/summary` → inputs). `rc` is the readcov module (request_sync).
local function fetch(rc)
  local o = rc.request_sync(0, "readcov/overview", vim.empty_dict())
  local summary = rc.request_sync(0, "readcov/summary", vim.empty_dict()) or {}
  local root = type(summary.inputs) == "table" and summary.inputs.root or nil
  return o, root
end

--- The quickfix list holding the overview is marked in its context, so a refresh finds it.
local CONTEXT = { readcov_overview = true }

local function show(o, root, open)
  local items = overview.items(o, root)
  vim.fn.setqflist({}, " ", { title = overview.title(o), items = items, context = CONTEXT })
  if open ~= false then
    vim.cmd("botright copen")
  end
  return items
end

--- Fills the quickfix list with the task overview and opens it; returns the items. When the
--- server cannot tell which run to explain (several, none selected), offers the run picker first
--- and shows the overview of the run picked (returns nil then).
function M.overview(rc, open)
  local o, root = fetch(rc)
  if type(o) == "table" and o.needsRun then
    vim.notify("readcov: " .. tostring(o.error) .. "\nreadcov: pick the run to explain", vim.log.levels.INFO)
    M.pick_run(rc, function()
      local picked, picked_root = fetch(rc)
      show(picked, picked_root, open)
    end)
    return nil
  end
  return show(o, root, open)
end

--- Whether the current quickfix list is the overview.
function M.showing()
  local ctx = vim.fn.getqflist({ context = 1 }).context
  return type(ctx) == "table" and ctx.readcov_overview == true
end

--- Re-fills the overview in place (same list, same window) when it is the current quickfix
--- list: after every state change (readcov/didChange, a gold definition switched, a widen), so
--- it never shows old figures. Returns true when it refreshed.
function M.refresh(rc)
  if not M.showing() then
    return false
  end
  local ok, o, root = pcall(fetch, rc)
  if not ok or type(o) ~= "table" then
    return false
  end
  local items = overview.items(o, root)
  vim.fn.setqflist({}, "r", { title = overview.title(o), items = items, context = CONTEXT })
  return true
end

--- Picks a run with vim.ui.select (all runs merged, or one run of the selected task with its
--- figures) and selects it; `done(answer)` gets readcov/selectRun's answer.
function M.pick_run(rc, done)
  local choices = overview.run_choices(rc.request_sync(0, "readcov/tasks", vim.empty_dict()))
  vim.ui.select(choices, {
    prompt = "readcov run",
    format_item = function(c)
      return c.label
    end,
  }, function(choice)
    if choice then
      local answer = rc.select_runs(choice.runs)
      if done then
        done(answer)
      end
    end
  end)
end

local function jump(row)
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
  vim.cmd("normal! zz")
end

--- Moves to the next (`dir` 1) or previous (-1) run of unread gold lines of the task, in this
--- file or another gold file, opened or not (`readcov/nextUnread`: path order, wrapping around).
--- Returns the 1-based line it landed on, or nil when no gold line is unread.
function M.step(rc, dir)
  local buf = vim.api.nvim_get_current_buf()
  local found = rc.request_sync(buf, "readcov/nextUnread", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    line = vim.api.nvim_win_get_cursor(0)[1] - 1,
    direction = dir > 0 and "next" or "previous",
  })
  if type(found) ~= "table" then
    vim.notify("readcov: no unread gold lines", vim.log.levels.INFO)
    return nil
  end
  if found.uri ~= vim.uri_from_bufnr(buf) then
    vim.cmd.edit(vim.fn.fnameescape(vim.uri_to_fname(found.uri)))
  end
  jump(math.min(found.startLine, vim.api.nvim_buf_line_count(0) - 1))
  return found.startLine + 1
end

return M
