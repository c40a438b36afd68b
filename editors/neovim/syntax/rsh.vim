" Highlighting of reactor-shell scripts without the language server (Neovim 0.7 has no
" semantic tokens; later versions add the server's on top).
if exists("b:current_syntax")
  finish
endif

syntax match rshComment "#.*$"
syntax region rshString start=/"/ skip=/\\"/ end=/"/ oneline
syntax match rshMeta "^\s*:[A-Za-z]\+"
syntax match rshAction "^\s*\([A-Za-z][A-Za-z0-9_-]*\.\)\?[A-Za-z_][A-Za-z0-9_]*" contains=rshReactor
syntax match rshReactor "[A-Za-z][A-Za-z0-9_-]*\." contained
syntax match rshLabel "\<[A-Za-z_][A-Za-z0-9_]*[:=]\ze\s*[^=]"
syntax match rshNumber "\<-\?[0-9]\+\(\.[0-9]\+\)\?\([eE][-+]\?[0-9]\+\)\?\(ms\|s\|m\)\?\>"
syntax keyword rshConstant true false nil
syntax match rshOperator "==\|!=\|<=\|>=\|<\|>\|\<contains\>\|\s&\s*$"

highlight default link rshComment Comment
highlight default link rshString String
highlight default link rshMeta Keyword
highlight default link rshAction Function
highlight default link rshReactor Identifier
highlight default link rshLabel Identifier
highlight default link rshNumber Number
highlight default link rshConstant Constant
highlight default link rshOperator Operator

let b:current_syntax = "rsh"
