--- readcov.highlights: the plugin's own highlight groups, with line backgrounds chosen for Neovim's
--- default dark and light colour schemes (links to Diff* groups gave gold-unread bold red text and
--- no band, so a blank gold line showed nothing, and grey inlay hints vanished on grey read lines).
local M = {}

--- name → { dark = spec, light = spec }. Backgrounds are bands under whole lines (line_hl_group);
--- foregrounds are for signs, line numbers, inlay hints and the statusline.
M.palette = {
  -- read, not gold: a faint band, so gold stays what the eye finds first
  ReadcovRead = { dark = { bg = "#262b35", ctermbg = 236 }, light = { bg = "#d2d6df", ctermbg = 253 } },
  ReadcovGoldRead = { dark = { bg = "#1d4a2c", ctermbg = 22 }, light = { bg = "#b5e5c1", ctermbg = 151 } },
  ReadcovGoldUnread = { dark = { bg = "#5c1f26", ctermbg = 52 }, light = { bg = "#f6c3c3", ctermbg = 224 } },
  -- what-if (source: manual) reads: violet, never the agent's green
  -- (gold lines a strong violet; other lines a paler one, still violet and far from the slate
  -- read band in dark: #2b2640 was hard to tell from #262b35)
  ReadcovWhatIf = { dark = { bg = "#4b3482", ctermbg = 55 }, light = { bg = "#d4bff7", ctermbg = 183 } },
  ReadcovWhatIfRead = { dark = { bg = "#382a5c", ctermbg = 54 }, light = { bg = "#ece3fa", ctermbg = 255 } },
  -- the agent's edits: a mark in the sign column and a coloured line number
  ReadcovEdit = { dark = { fg = "#f0a848", bold = true, ctermfg = 215 }, light = { fg = "#9a5200", bold = true, ctermfg = 130 } },
  ReadcovEditUnread = { dark = { fg = "#ff7a7a", bold = true, ctermfg = 210 }, light = { fg = "#b0002a", bold = true, ctermfg = 124 } },
  -- the change layer: the text of changed lines underlined (bands are the reads'), the gold's
  -- change in cyan, the run's in orange (undercurl), a line both changed doubly underlined
  ReadcovChangeGold = { dark = { sp = "#4fd6ff", underline = true }, light = { sp = "#006f9a", underline = true } },
  ReadcovChangeRun = { dark = { sp = "#ff9e3b", undercurl = true }, light = { sp = "#b34d00", undercurl = true } },
  ReadcovChangeBoth = { dark = { sp = "#4fd6ff", underdouble = true }, light = { sp = "#006f9a", underdouble = true } },
  ReadcovChangeGoldLabel = { dark = { fg = "#4fd6ff", ctermfg = 81 }, light = { fg = "#006f9a", ctermfg = 24 } },
  ReadcovChangeRunLabel = { dark = { fg = "#ff9e3b", ctermfg = 215 }, light = { fg = "#b34d00", ctermfg = 130 } },
  ReadcovChangeBothLabel = { dark = { fg = "#9fe8ff", bold = true, ctermfg = 117 }, light = { fg = "#004a66", bold = true, ctermfg = 23 } },
  -- inlay hints readcov draws itself (end of line): readable on every band above
  ReadcovInlayHint = { dark = { fg = "#b8c0d0", italic = true, ctermfg = 250 }, light = { fg = "#424a5c", italic = true, ctermfg = 239 } },
  ReadcovCodeLens = { dark = { fg = "#98a4ba", ctermfg = 248 }, light = { fg = "#4f586b", ctermfg = 240 } },
  ReadcovReadSign = { dark = { fg = "#7a88a0", ctermfg = 103 }, light = { fg = "#66708a", ctermfg = 60 } },
  ReadcovGoldReadSign = { dark = { fg = "#5fd787", ctermfg = 78 }, light = { fg = "#1a7f3c", ctermfg = 29 } },
  ReadcovGoldUnreadSign = { dark = { fg = "#ff6b6b", ctermfg = 203 }, light = { fg = "#c0102a", ctermfg = 160 } },
  ReadcovWhatIfSign = { dark = { fg = "#b79cff", ctermfg = 141 }, light = { fg = "#6a3fc0", ctermfg = 61 } },
  ReadcovWhatIfReadSign = { dark = { fg = "#8a7cb0", ctermfg = 103 }, light = { fg = "#7a68a8", ctermfg = 97 } },
  -- statusline: a warning background below the threshold
  ReadcovStatusBelow = {
    dark = { fg = "#14161b", bg = "#fce094", bold = true, ctermfg = 234, ctermbg = 222 },
    light = { fg = "#fce094", bg = "#6b5300", bold = true, ctermfg = 222, ctermbg = 94 },
  },
  ReadcovStatusOk = { dark = { fg = "#b3f6c0", ctermfg = 157 }, light = { fg = "#005523", ctermfg = 22 } },
}

-- What this module set last, per group: a group that still holds it is ours to update when the
-- background changes; anything else was set by the user or a colour scheme and is left alone.
local ours = {}

local function same(a, b)
  return vim.deep_equal(a, b)
end

--- Defines (or re-defines for the current 'background') every group the user has not overridden.
function M.apply()
  local variant = vim.o.background == "light" and "light" or "dark"
  for name, specs in pairs(M.palette) do
    local current = vim.api.nvim_get_hl(0, { name = name, link = true })
    if next(current) == nil or (ours[name] and same(current, ours[name])) then
      vim.api.nvim_set_hl(0, name, specs[variant])
      ours[name] = vim.api.nvim_get_hl(0, { name = name, link = true })
    end
  end
end

return M
