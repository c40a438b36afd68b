# github-search — ReactorKit's GitHubSearch example, with the offline stub fetcher.
#
# The stub (the default `--fetcher stub`) answers after 300 ms on the shell's clock:
# page p of query q is ["q(3p-2)", "q(3p-1)", "q(3p)"] for p in 1…3, then [].
# With `--fetcher network` the same script asks GitHub instead (the results then differ).

:use github-search
:expect query == nil
:expect repos.count == 0

# updateQuery sets the query at once and page 1 arrives 300 ms later.
updateQuery swift
:expect query == "swift"
:expect repos == ["swift1", "swift2", "swift3"]
:expect nextPage == 2

# A newer query cancels the search still in flight: `&` lets the next line run
# before the first search has answered, and only swift's results are applied.
updateQuery sw &
:advance 100ms
updateQuery swift
:expect repos.count == 3
:expect repos contains "swift2"
:expect repos[0] == "swift1"

# loadNextPage raises isLoadingNextPage, appends page 2, and lowers the flag.
loadNextPage &
:advance 1ms
:expect isLoadingNextPage == true
# While a page is loading, another loadNextPage is ignored.
loadNextPage &
:wait
:expect isLoadingNextPage == false
:expect repos.count == 6
:expect repos[5] == "swift6"
:expect nextPage == 3

# Page 3, then an empty page 4 ends the paging: nextPage becomes nil...
loadNextPage
loadNextPage
:expect repos.count == 9
:expect nextPage == nil
# ...and loadNextPage is ignored from then on.
loadNextPage
:expect repos.count == 9

# A newer query also cancels a page load; the loading flag is still cleared.
updateQuery "two words"
loadNextPage &
:advance 100ms
updateQuery rx
:expect isLoadingNextPage == false
:expect repos == ["rx1", "rx2", "rx3"]

# An empty or nil query clears the results without a request.
updateQuery ""
:expect repos.count == 0
:expect nextPage == nil
updateQuery nil
:expect query == nil
:expect lastError == nil
