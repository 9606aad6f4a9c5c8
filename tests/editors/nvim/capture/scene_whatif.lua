--- The second Neovim screen of docs/editors.md: the editor-test fixture (tests/editors/fixture) with
--- run-a selected, one agent edit of lines 20–21 (added by capture.sh) and a what-if read of lines
--- 14–17 ("Mark lines as read"): gold read by the agent (green), by the what-if only (violet),
--- never read (red); what-if lines 3–4 (not gold, paler violet) beside the agent's read of 6–7
--- (not gold, slate; added by capture.sh); the edit marks, readcov's hint and lens labelled what-if, and the statusline
--- `readcov 25% < 50% (what-if 50%)`. Writes $READCOV_READY once drawn. Run by capture.sh.
local scene = dofile(os.getenv("READCOV_CAPTURE") .. "/scene_common.lua")
local readcov = scene.setup()

local widened = false
-- The file relative to the workspace (Neovim's cwd), so the statusline shows it short.
scene.run("src/auth.py", function(buf)
  local s = readcov.states[buf]
  if not s then
    return false
  end
  if not widened then
    readcov.select_runs({ "run-a" })
    readcov.exec_command("readcov.widen", { { uri = vim.uri_from_bufnr(buf), startLine = 13, endLine = 16 } })
    -- …and lines 3–4, not gold: the paler what-if band, beside the agent's read of 6–7 (slate).
    readcov.exec_command("readcov.widen", { { uri = vim.uri_from_bufnr(buf), startLine = 2, endLine = 3 } })
    widened = true
    return false
  end
  local lenses = vim.api.nvim_buf_get_extmarks(buf, readcov.ns_lenses, 0, -1, { details = true })
  if (s.whatIfLines or 0) > 0 and #lenses > 0 and vim.inspect(lenses):find("what%-if") then
    scene.done()
    return true
  end
  return false
end)
