import StateDiff

// Local mirrors of the built-in reactors' states (SPEC §5), so the tests pin the text
// format without depending on the reactors themselves.

struct CounterState: Encodable, Equatable {
    var value = 0
    var isLoading = false
    var alertMessage: String?
}

struct GitHubSearchState: Encodable, Equatable {
    var query: String?
    var repos: [String] = []
    var nextPage: Int?
    var isLoadingNextPage = false
    var lastError: String?
}

struct ScoreboardState: Encodable, Equatable {
    var home = 0
    var away = 0
}

struct Post: Encodable, Equatable {
    var id: Int
    var title: String
    var content: String
}

struct BoardState: Encodable, Equatable {
    var posts: [Post] = []
}

struct WriteState: Encodable, Equatable {
    var title = ""
    var content = ""
    var canSubmit = false
    var isDismissed = false
}

/// Encodes `value`, failing the test on error.
func encoded(_ value: some Encodable) -> StateValue {
    do {
        return try StateValue(encoding: value)
    } catch {
        Issue.record("encoding failed: \(error)")
        return .null
    }
}

/// The plain text lines (indent 0, no colour) for the diff of two encodable states.
func textDiff(_ old: some Encodable, _ new: some Encodable) -> [String] {
    TextDiffRenderer(indent: 0).lines(for: diff(encoded(old), encoded(new)))
}

import Testing
