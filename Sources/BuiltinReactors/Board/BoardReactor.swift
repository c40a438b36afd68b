import ReactorCore
import StateDiff

/// The list of posts: it reads the ``BoardService`` on `refresh` and merges the service's events
/// in `transform(mutation:)` — a post created by the `write` reactor appears at the top, a deleted
/// one disappears, though neither went through this reactor's actions.
///
/// `delete` and `rename` only ask the service; the change arrives through the event (`rename`
/// comes back as `update(Post)`, which replaces that post in place).
public final class BoardReactor: Reactor {
    /// What the user asks for.
    public enum Action: Sendable, Equatable {
        /// Reload the posts from the service.
        case refresh
        /// Ask the service to delete a post.
        case delete(id: Int)
        /// Ask the service to change a post's title.
        case rename(id: Int, title: String)
    }

    /// The changes to the list.
    public enum Mutation: Sendable, Equatable {
        /// The whole list, newest first.
        case setPosts([Post])
        /// One post inserted at `at`.
        case insertPost(Post, at: Int)
        /// The post with `id` removed.
        case removePost(id: Int)
        /// The post with the same id replaced by this version, in place.
        case replacePost(Post)
    }

    /// The list.
    ///
    /// The posts are kept in a ``ChunkedList`` (shown as an array): a version of the state made by
    /// changing one post shares every other chunk with the one before, so the reducer, the
    /// shell's diff (``StateDiffable``) and the time-travel history (``StorageFootprint``) pay for
    /// the change, not for the list.
    public struct State: Encodable, Sendable, Equatable {
        /// The posts, newest first.
        public var posts: ChunkedList<Post>

        /// A list of `posts`.
        public init(posts: [Post] = []) {
            self.posts = ChunkedList(posts)
        }
    }

    /// An empty list.
    public let initialState = State()

    /// The pipeline storage.
    public let runtime = ReactorRuntime<BoardReactor>()

    /// The service shared with the `write` reactor.
    public let service: BoardService

    /// A list over `service`.
    public init(service: BoardService) {
        self.service = service
    }

    /// `refresh` reads the service; `delete` and `rename` ask it (the change comes back as an event).
    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .refresh:
            return .just(.setPosts(Array(service.posts)))
        case .delete(let id):
            let service = service
            return .run { _ in try service.delete(id: id) }
        case .rename(let id, let title):
            let service = service
            return .run { _ in try service.rename(id: id, title: title) }
        }
    }

    /// The reactor's own mutations, merged with the service's events: `create` inserts at the top,
    /// `update` replaces in place, `delete` removes.
    public func transform(mutation: Flow<Mutation>) -> Flow<Mutation> {
        mutation.merge(service.events) { event in
            switch event {
            case .create(let post): .insertPost(post, at: 0)
            case .update(let post): .replacePost(post)
            case .delete(let id): .removePost(id: id)
            }
        }
    }

    /// Applies one mutation, in place: a post is found by id (a binary search, the list being
    /// newest first) and only its chunk of the list is copied.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setPosts(let posts):
            state.posts = ChunkedList(posts)
        case .insertPost(let post, let index):
            state.posts.insert(post, at: min(max(index, 0), state.posts.count))
        case .removePost(let id):
            if let index = state.posts.index(ofPostID: id) { state.posts.remove(at: index) }
        case .replacePost(let post):
            if let index = state.posts.index(ofPostID: post.id) { state.posts[index] = post }
        }
        return state
    }
}

extension BoardReactor.State: StateDiffable, StorageFootprint {
    /// The changes since `old`, found in the chunks of the list that differ.
    public func appendChanges(from old: Self, at path: StatePath, into changes: inout [StateChange]) throws {
        try posts.appendChanges(from: old.posts, at: path.appending(key: "posts"), into: &changes)
    }

    /// The chunks of the list not shared with `other`.
    public func bytesNotShared(with other: Self) -> Int {
        posts.bytesNotShared(with: other.posts)
    }
}
