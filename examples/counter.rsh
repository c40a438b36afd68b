# counter — ReactorKit's Counter example, step by step.
#
# Run it with:  reactor-shell run examples/counter.rsh
# Batch runs use a virtual clock: the 500 ms delays below cost no wall time.

:use counter

# The initial state: value 0, not loading, no alert yet.
:expect value == 0
:expect isLoading == false
:expect alertMessage == nil

# `increase` emits setLoading(true) at once, then — 500 ms later on the shell's
# clock — increaseValue, setLoading(false) and setAlertMessage("increased!").
# The batch runner waits until the effect has finished before the next line.
increase
:expect value == 1
:expect isLoading == false
:expect alertMessage == "increased!"

# `decrease` is the mirror image.
decrease
decrease
:expect value == -1
:expect alertMessage == "decreased!"

# A trailing `&` does not wait: the next line runs while the effect is in flight.
# After 250 ms the loading flag is up and the value has not changed yet...
increase &
:advance 250ms
:expect isLoading == true
:expect value == -1
# ...and 250 ms later the change lands.
:advance 250ms
:expect isLoading == false
:expect value == 0

# Overlapping actions are not guarded (ReactorKit's merge semantics): two quick
# increases both complete, 200 ms apart.
increase &
:advance 200ms
increase &
:advance 300ms
# The first one has finished (and lowered the flag although the second still runs).
:expect value == 1
:expect isLoading == false
:wait
:expect value == 2

# The alert is a Pulse: the state shows its plain value.
:expect alertMessage == "increased!"
