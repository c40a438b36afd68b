" reactor-shell scripts
autocmd BufRead,BufNewFile *.rsh setfiletype rsh
