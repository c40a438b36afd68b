import StateDiff

/// The search's state writes its fields itself: what `encode(to:)` gives (declaration order,
/// `nil` as `.null`), without the encoder's containers; pinned to the synthesized encoding by a test.
extension GitHubSearchReactor.State: StateObjectWritable {
    public func writeFields(to object: inout StateObjectWriter) {
        object.write("query", query)
        object.write("repos", repos)
        object.write("nextPage", nextPage)
        object.write("isLoadingNextPage", isLoadingNextPage)
        object.write("lastError", lastError)
    }
}
