-- Run by test_neovim.py: `nvim --headless -u NONE -c "luafile neovim_smoke.lua"` with
-- REACTOR_SHELL (the binary), EDITORS (editors/neovim) and SCRIPT (a .rsh file with an error).
-- Loads editors/neovim as a user would, opens the script, waits for the server's diagnostic and
-- prints it as `diagnostic LINE:COL: MESSAGE`; exits 0 with one, 1 without.
vim.opt.runtimepath:prepend(os.getenv("EDITORS"))
vim.cmd("filetype on")
vim.cmd("runtime! ftdetect/*.vim")
require("reactor_shell").setup({ cmd = { os.getenv("REACTOR_SHELL"), "lsp" } })
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SCRIPT")))
local buffer = vim.api.nvim_get_current_buf()
io.stdout:write("filetype " .. vim.bo[buffer].filetype .. "\n")
local found = vim.wait(10000, function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
for _, client in pairs(vim.lsp.buf_get_clients(buffer)) do
  io.stdout:write("client " .. client.name .. "\n")
end
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  io.stdout:write(string.format("diagnostic %d:%d: %s\n", diagnostic.lnum + 1, diagnostic.col + 1, diagnostic.message))
end
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.cmd(found and "qall!" or "cquit 1")
