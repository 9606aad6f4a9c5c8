--- readcov language server, in the Neovim 0.11 `vim.lsp.config` form (as nvim-lspconfig ships
--- configs): put this directory on 'runtimepath' and call vim.lsp.enable("readcov").
--- Settings (gold, reads, task, threshold, …) come from readcov.toml at the workspace root, or
--- from `init_options`/`settings.readcov` (see docs/editors.md).
return {
  cmd = { "readcov", "lsp" },
  root_markers = { "readcov.toml", ".git" },
  handlers = {
    ["readcov/didChange"] = function(err, params, ctx)
      local ok, readcov = pcall(require, "readcov")
      if ok then
        readcov.on_did_change(err, params, ctx)
      end
    end,
  },
}
