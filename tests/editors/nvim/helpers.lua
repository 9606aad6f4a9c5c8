--- Tiny test harness for headless Neovim: named cases, deep-equality checks, and an exit code
--- (0 only when every case passed) so scripts/test.d/40-nvim.sh fails loudly.
local H = { failures = 0, passed = 0 }

function H.eq(got, want, what)
  if not vim.deep_equal(got, want) then
    error(string.format("%s:\n  got:  %s\n  want: %s", what or "values differ", vim.inspect(got), vim.inspect(want)), 2)
  end
end

function H.ok(cond, what)
  if not cond then
    error(what or "assertion failed", 2)
  end
end

function H.case(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    H.passed = H.passed + 1
    io.stdout:write("ok - " .. name .. "\n")
  else
    H.failures = H.failures + 1
    io.stdout:write("not ok - " .. name .. "\n" .. tostring(err) .. "\n")
  end
end

function H.finish()
  io.stdout:write(string.format("%d passed, %d failed\n", H.passed, H.failures))
  if H.failures > 0 or H.passed == 0 then
    vim.cmd("cquit! 1")
  end
  vim.cmd.qall({ bang = true })
end

--- Repo root, from this file's location (tests/editors/nvim/helpers.lua).
H.repo = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h:h:h")

return H
