--- :Readcov summary | overview | run [ID…|all] | next | prev | widen [unit|N] | clear | whatif |
--- toggle | edits | change | diff | record [on|off] | report | refresh | legend
local M = {}

local subcommands = {
  "summary", "overview", "run", "next", "prev", "widen", "clear", "whatif", "toggle", "edits", "change", "diff", "record", "report",
  "refresh", "legend",
}

function M.install(readcov)
  local function echo(lines)
    vim.api.nvim_echo(
      vim.tbl_map(function(l)
        return { l .. "\n" }
      end, lines),
      true,
      {}
    )
  end

  local handlers = {
    summary = function()
      echo(readcov.summary_lines(0))
    end,
    overview = function()
      readcov.overview()
    end,
    run = function(args)
      local function say(r)
        local shown = (r.runs == nil or r.runs == vim.NIL) and "all" or table.concat(r.runs, ", ")
        echo({ "readcov runs: " .. shown .. " (available: " .. table.concat(r.available or {}, ", ") .. ")" })
      end
      if args[1] == nil then
        readcov.pick_run(say)
        return
      end
      say(readcov.select_runs(args[1] == "all" and {} or args))
    end,
    next = function()
      readcov.next_unread()
    end,
    prev = function()
      readcov.prev_unread()
    end,
    toggle = function()
      echo({ "readcov: " .. (readcov.toggle() and "shown" or "hidden") })
    end,
    edits = function()
      echo({ "readcov: agent edits " .. (readcov.toggle_edits() and "shown" or "hidden") })
    end,
    change = function()
      echo({ "readcov: change layer " .. (readcov.toggle_change() and "shown" or "hidden") })
    end,
    diff = function()
      readcov.diff()
    end,
    report = function()
      local out = readcov.report()
      if out then
        echo({ "readcov report: " .. out })
      end
    end,
    widen = function(args)
      readcov.widen(args[1] or "unit")
    end,
    clear = function()
      readcov.exec_command("readcov.clearWhatIf")
    end,
    whatif = function()
      readcov.exec_command("readcov.toggleWhatIf")
    end,
    record = function(args)
      local on = args[1] == "on" or (args[1] == nil and not readcov.is_recording())
      readcov.record(on)
      echo({ "readcov: recording visible ranges " .. (on and "on" or "off") })
    end,
    legend = function()
      local chunks = {}
      for _, entry in ipairs(require("readcov.view").legend) do
        vim.list_extend(chunks, { { entry[2], entry[1] }, { "\n" } })
      end
      vim.api.nvim_echo(chunks, true, {})
    end,
    refresh = function()
      readcov.refresh(0)
    end,
  }

  vim.api.nvim_create_user_command("Readcov", function(cmd)
    local sub = cmd.fargs[1]
    local handler = handlers[sub]
    if not handler then
      vim.notify("readcov: :Readcov " .. table.concat(subcommands, "|"), vim.log.levels.ERROR)
      return
    end
    local ok, err = pcall(handler, vim.list_slice(cmd.fargs, 2))
    if not ok then
      vim.notify(tostring(err), vim.log.levels.ERROR)
    end
  end, {
    nargs = "+",
    desc = "readcov: " .. table.concat(subcommands, ", "),
    complete = function(_, line)
      local words = vim.split(line, "%s+")
      if #words <= 2 then
        return subcommands
      end
      if words[2] == "record" then
        return { "on", "off" }
      end
      if words[2] == "widen" then
        return { "unit", "5", "10", "20" }
      end
      return {}
    end,
  })
end

return M
