--- readcov language server, in the Neovim 0.11 `vim.lsp.config` form (as nvim-lspconfig ships
--- configs): put this directory on 'runtimepath' and call vim.lsp.enable("readcov").
--- Settings (gold, reads, task, threshold, …) come from readcov.toml at the workspace root, or
--- from `init_options`/`settings.readcov` (see docs/editors.md).
return {
  cmd = { "readcov", "lsp" },
  -- Only real files, rooted at the nearest readcov.toml (else the git root): an unnamed buffer
  -- must not start a server on the current directory.
  root_dir = function(bufnr, on_dir)
    if vim.api.nvim_buf_get_name(bufnr) == "" or vim.bo[bufnr].buftype ~= "" then
      return
    end
    local root = vim.fs.root(bufnr, { "readcov.toml" }) or vim.fs.root(bufnr, { ".git" })
    if root then
      on_dir(root)
    end
  end,
  -- The server pushes diagnostics (and re-pushes them after every change). Neovim 0.11 would also
  -- pull them into a second namespace, showing each one twice, so pull is turned off here.
  on_init = function(client)
    client.server_capabilities.diagnosticProvider = nil
  end,
  handlers = {
    ["readcov/didChange"] = function(err, params, ctx)
      local ok, readcov = pcall(require, "readcov")
      if ok then
        readcov.on_did_change(err, params, ctx)
      end
    end,
  },
}
