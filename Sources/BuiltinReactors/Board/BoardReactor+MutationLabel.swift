import ReactorShell
import StateDiff

/// The board's actions and mutations label themselves: the text the shell's reflection gives
/// (`replacePost(Post(id: 3, title: "x", content: ""))`, pinned by a test), written directly, so
/// that a rename does not reflect on a post twice (the action and the service's update).
extension BoardReactor.Action: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .refresh: "refresh"
        case .delete(let id): "delete(id: \(id))"
        case .rename(let id, let title): "rename(id: \(id), title: \(StateValue.string(title).literal()))"
        }
    }
}

extension BoardReactor.Mutation: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .setPosts(let posts):
            // As reflection does: the posts until the text is long enough to be cut to the label limit.
            var label = "setPosts(["
            for (index, post) in posts.enumerated() {
                if label.utf8.count > MutationLabel.defaultLimit * 4 { break }
                if index > 0 { label += ", " }
                label += post.labelText
            }
            return label + "])"
        case .insertPost(let post, let index): return "insertPost(\(post.labelText), at: \(index))"
        case .removePost(let id): return "removePost(id: \(id))"
        case .replacePost(let post): return "replacePost(\(post.labelText))"
        }
    }
}

extension Post {
    /// `Post(id: 3, title: "x", content: "")`, as a mutation label shows a post.
    var labelText: String {
        "Post(id: \(id), title: \(StateValue.string(title).literal()), content: \(StateValue.string(content).literal()))"
    }
}
