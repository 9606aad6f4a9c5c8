--- The Neovim diff split of docs/editors.md: pylint-dev__pylint-4604 (tests/data/real), `:Readcov diff` on
--- the gold change unit `_store_type_annotation_node` — its text after the gold patch (left) beside the run's
--- (right: the base text, the run never changed it), in a new tab, 'background' from $READCOV_BG. Writes
--- $READCOV_READY once drawn. Run by tests/editors/nvim/capture/capture.sh.
local scene = dofile(os.getenv("READCOV_CAPTURE") .. "/scene_common.lua")
local readcov = scene.setup({ virtual_text = true })

scene.run(scene.ws .. "/pylint/checkers/variables.py", function(buf)
  if not scene.all_layers_drawn(readcov, buf) then
    return false
  end
  -- `:Readcov diff` at the unread gold lines: the unit after the gold patch beside the run's text.
  vim.api.nvim_win_set_cursor(0, { 1828, 8 })
  readcov.diff()
  scene.done()
  return true
end)
