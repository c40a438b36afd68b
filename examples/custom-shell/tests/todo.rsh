# The custom shell's own reactor, driven like any built-in one.
:use todo
add "buy milk"
add "write the report"
add call-mum
:expect remaining == 3
toggle 1
:expect items[1].done == true
:expect remaining == 2
clearDone
:expect items.count == 2
:expect items[1].title == "call-mum"
# The built-ins are still there.
:use counter
increase
:expect value == 1
