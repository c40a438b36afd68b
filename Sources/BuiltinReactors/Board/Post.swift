/// A post on the board.
public struct Post: Encodable, Sendable, Equatable, Identifiable {
    /// 1, 2, 3… in creation order.
    public let id: Int
    /// The title (never blank).
    public var title: String
    /// The body text.
    public var content: String

    /// A post with the given fields.
    public init(id: Int, title: String, content: String) {
        self.id = id
        self.title = title
        self.content = content
    }
}

/// What the ``BoardService`` announces to every reactor listening.
public enum BoardEvent: Sendable, Equatable {
    /// A post was created.
    case create(Post)
    /// A post was changed (renamed): the new version.
    case update(Post)
    /// The post with this id was deleted.
    case delete(id: Int)
}
