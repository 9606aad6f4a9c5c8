--- readcov.record: `:Readcov record` — the window's visible lines, once they stayed on screen for
--- `dwell_ms`, sent to the server as a human read (`readcov/recordRead`).
local M = {}

local recording = false
local timer = nil

function M.is_recording()
  return recording
end

local function send_visible()
  local buf = vim.api.nvim_get_current_buf()
  local client = vim.lsp.get_clients({ bufnr = buf, name = "readcov" })[1]
  if not (recording and client) then
    return
  end
  client:notify("readcov/recordRead", {
    uri = vim.uri_from_bufnr(buf),
    startLine = vim.fn.line("w0") - 1,
    endLine = vim.fn.line("w$") - 1,
    source = "human",
  })
end

--- Turns recording of the visible window (after the dwell time) on or off.
function M.set(on)
  recording = on
  if timer then
    timer:stop()
  end
  if on then
    timer = timer or vim.uv.new_timer()
  end
end

--- On scrolling or entering a buffer: the dwell time starts again.
function M.on_view_change(dwell_ms)
  if recording and timer then
    timer:stop()
    timer:start(dwell_ms, 0, vim.schedule_wrap(send_visible))
  end
end

return M
