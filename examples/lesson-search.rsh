# Lesson: effects, cancellation and paging (ReactorKit's GitHubSearch)
#
# Made to be stepped through in class: `reactor-shell run --step examples/lesson-search.rsh`,
# or `run --step-delay 3s` to let it run by itself. Enter runs a line, s skips it, b steps
# back, c runs the rest, q stops; at any stop, type a command such as :state or :history.
# Its transcript (lesson-search.md) and sequence diagram (lesson-search.svg, .mmd) are beside it.
#
# It runs offline on the stub back end: page p of a query q holds q(3p-2), q(3p-1) and q(3p)
# for pages 1 to 3, after 300 ms on the shell's clock. To show GitHub's own answers without
# the room's Wi-Fi, record them at home with `--fetcher record --cassette search.json` and
# give the lesson with `--fetcher replay --cassette search.json` (the :expect lines, written
# for the stub's answers, then report how GitHub's differ).
:use github-search

# An action's mutate returns an effect. `setQuery` is applied at once;
# `setRepos` comes when the search answers, 300 ms later.
updateQuery swift
:expect repos == ["swift1", "swift2", "swift3"]
:expect nextPage == 2
:pause "One action, two mutations: one now, one when the search answered."

# A newer query cancels the search still in flight (flatMapLatest in ReactorKit).
# The `&` lets the next line run before the search for sw answers: look for the ⊘ line.
updateQuery sw &
:advance 100ms
updateQuery swift
:expect repos[0] == "swift1"
:pause "The search for sw was cancelled: its results were never applied."

# Paging: loadNextPage raises isLoadingNextPage, appends the next page, lowers the flag.
loadNextPage
:expect repos.count == 6
:expect nextPage == 3

# While a page loads, another loadNextPage is ignored: the reactor reads its own state.
loadNextPage &
:advance 1ms
:expect isLoadingNextPage == true
loadNextPage
:expect repos.count == 9
:expect isLoadingNextPage == false

# An empty page ends the paging: nextPage becomes nil, and loadNextPage does nothing after.
loadNextPage
:expect nextPage == nil
loadNextPage
:pause "No mutation: the reactor ignored the action."

# A newer query also cancels a page load, even one whose search has not started yet
# (look for the ⊘ line), and the load still lowers its flag: the search is one part
# of a concatenation, and what comes after it runs.
updateQuery rx
loadNextPage &
updateQuery swift
:expect isLoadingNextPage == false
:expect repos == ["swift1", "swift2", "swift3"]

# The log lists each action with its mutations, and the cancelled effects.
:history
