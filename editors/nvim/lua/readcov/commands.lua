--- :Readcov summary | run [ID…|all] | widen [unit|N] | clear | whatif | record [on|off] | report | refresh
local M = {}

local subcommands = { "summary", "run", "widen", "clear", "whatif", "record", "report", "refresh" }

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
    run = function(args)
      local runs = (args[1] == nil or args[1] == "all") and {} or args
      local r = readcov.select_runs(runs)
      local shown = (r.runs == nil or r.runs == vim.NIL) and "all" or table.concat(r.runs, ", ")
      echo({ "readcov runs: " .. shown .. " (available: " .. table.concat(r.available or {}, ", ") .. ")" })
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
    desc = "readcov: summary, run, widen, clear, whatif, record, report, refresh",
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
