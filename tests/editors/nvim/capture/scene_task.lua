--- The Neovim screen of docs/editors.md: pylint-dev__pylint-4604 (tests/data/real) in the default
--- colour scheme ('background' from $READCOV_BG). Top: variables.py where the agent's reads stop
--- (line 1700); middle: the never-read gold lines 1828–1829 in _store_type_annotation_node, with
--- readcov's inlay hint, code lens, diagnostic sign and message (virtual_text = true) and the change layer
--- (the gold's changed lines, labelled); bottom: `:Readcov overview` with the verdict, the file read instead
--- and coverage per turn. Writes
--- $READCOV_READY once everything is drawn. Run by tests/editors/nvim/capture/capture.sh.
local scene = dofile(os.getenv("READCOV_CAPTURE") .. "/scene_common.lua")
local readcov = scene.setup({ virtual_text = true })

scene.run(scene.ws .. "/pylint/checkers/variables.py", function(buf)
  if not scene.all_layers_drawn(readcov, buf) then
    return false
  end
  vim.cmd("Readcov overview")
  vim.cmd("resize 11")
  vim.cmd("wincmd k")
  vim.cmd("split")
  -- top: the end of the agent's read 1670–1700
  vim.api.nvim_win_set_cursor(0, { 1697, 0 })
  vim.cmd("normal! zt")
  vim.cmd("resize 9")
  vim.cmd("wincmd j")
  -- middle: the unit around the unread gold lines
  vim.api.nvim_win_set_cursor(0, { 1820, 0 })
  vim.cmd("normal! zt")
  vim.api.nvim_win_set_cursor(0, { 1828, 8 })
  scene.done()
  return true
end)
