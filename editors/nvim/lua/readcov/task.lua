--- readcov.task: the whole task, not only the open file — `:Readcov overview` (a quickfix list of
--- every gold file of the selected run, never-opened ones included, and its unread spans), the run
--- picker, and next/previous unread gold span (in this buffer, then across the task's files).
local overview = require("readcov.overview")
local view = require("readcov.view")

local M = {}

--- `readcov/explain` for the selected task and run, and the workspace root (from
--- `readcov/summary` → inputs). `rc` is the readcov module (request_sync).
local function explain(rc)
  local ex = rc.request_sync(0, "readcov/explain", vim.empty_dict())
  local summary = rc.request_sync(0, "readcov/summary", vim.empty_dict()) or {}
  local root = type(summary.inputs) == "table" and summary.inputs.root or nil
  return ex, root
end

--- Fills the quickfix list with the task overview and opens it; returns the items.
function M.overview(rc, open)
  local ex, root = explain(rc)
  local items = overview.items(ex, root)
  vim.fn.setqflist({}, " ", { title = overview.title(ex), items = items })
  if open ~= false then
    vim.cmd("botright copen")
  end
  return items
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

--- Moves to the next (`dir` 1) or previous (-1) run of unread gold lines: in this buffer from
--- its line states, else the first (last) unread span of the next (previous) gold file of the
--- task, wrapping around. Returns the 1-based line it landed on, or nil.
function M.step(rc, dir)
  local buf = vim.api.nvim_get_current_buf()
  local row = vim.api.nvim_win_get_cursor(0)[1] - 1
  local here = view.next_unread(rc.states[buf], row, dir)
  if here then
    jump(here)
    return here + 1
  end
  local ok, ex, root = pcall(explain, rc)
  local targets = ok and overview.targets(ex, root) or {}
  for _, t in ipairs(targets) do
    t.path = vim.uv.fs_realpath(t.path) or t.path
  end
  local name = vim.api.nvim_buf_get_name(buf)
  local target = overview.other_file(targets, vim.uv.fs_realpath(name) or name, dir)
  if not target then
    -- No other file: wrap around within this one.
    local wrapped = view.next_unread(rc.states[buf], dir > 0 and -1 or math.huge, dir)
    if wrapped then
      jump(wrapped)
      return wrapped + 1
    end
    vim.notify("readcov: no unread gold lines", vim.log.levels.INFO)
    return nil
  end
  vim.cmd.edit(vim.fn.fnameescape(target.path))
  jump(math.min(target.line, vim.api.nvim_buf_line_count(0)) - 1)
  return target.line
end

return M
