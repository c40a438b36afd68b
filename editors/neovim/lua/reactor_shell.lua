-- reactor-shell's language server for .rsh buffers, with Neovim's built-in LSP client
-- (0.7 and later; no plugin needed). See editors/neovim/README.md.
local M = {}

-- Starts one `reactor-shell lsp` per working directory and attaches every .rsh buffer to it.
-- opts.cmd: the server command (default { "reactor-shell", "lsp" }; a named shell: { "todo-shell", "lsp" }).
function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { "reactor-shell", "lsp" }
  local clients = {}
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "rsh",
    callback = function(args)
      local root = vim.fn.getcwd()
      local id = clients[root]
      if id == nil or vim.lsp.get_client_by_id(id) == nil then
        id = vim.lsp.start_client({ name = "reactor-shell", cmd = cmd, root_dir = root })
        clients[root] = id
      end
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
        vim.bo[args.buf].omnifunc = "v:lua.vim.lsp.omnifunc"
      end
    end,
  })
end

return M
