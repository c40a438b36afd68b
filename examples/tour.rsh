# A tour of the four built-in reactors, one scene after the other.
# `:use NAME` replaces the current scene with a fresh one and focuses its first reactor.

# 1. counter — a delayed effect (500 ms on the virtual clock) with a loading flag.
:use counter
increase
increase
decrease
:expect value == 1
:expect alertMessage == "decreased!"

# 2. github-search — a newer query cancels the search in flight; paging with loadNextPage.
:use github-search
updateQuery sw &
updateQuery swift
:expect repos == ["swift1", "swift2", "swift3"]
loadNextPage
:expect repos.count == 6
:expect repos contains "swift6"

# 3. scoreboard — a ReCombine Store built from combineReducers and forKey.
:use scoreboard
homeScore
awayScore
awayScore
:expect home == 1
:expect away == 2
setScore home: 7 away: 7
:expect home == 7
:expect away == 7

# 4. board — two reactors over one service; board merges the service's events.
:use board
write.updateTitle "From the tour"
write.submit
:expect write:isDismissed == true
:expect posts[0].title == "From the tour"
delete 1
:expect posts.count == 0

# Each `:use` starts fresh: the counter is back at 0.
:use counter
:expect value == 0
