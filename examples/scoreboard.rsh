# scoreboard — ReCombine's Scoreboard example, on the Store API.
#
# The store's reducer is combineReducers(forKey(\.home, homeReducer), forKey(\.away, awayReducer)):
# each reducer sees every action but knows only its own score. A store's mutations are its
# actions, so each line below is reduced as it is typed.

:use scoreboard
:expect home == 0
:expect away == 0

# Each team scores: only its own reducer changes something.
homeScore
homeScore
awayScore
:expect home == 2
:expect away == 1

# setScore sets both at once: positional arguments...
setScore 3 2
:expect home == 3
:expect away == 2

# ...or labelled ones, in any order (also `home=5`).
setScore away: 4 home: 5
:expect home == 5
:expect away == 4

# resetScore is seen by both reducers: each puts its score back to 0.
resetScore
:expect home == 0
:expect away == 0
