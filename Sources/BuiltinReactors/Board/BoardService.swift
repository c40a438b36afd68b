import ReactorCore
import StateDiff

/// The in-memory store of the board's posts, shared by the `board` and `write` reactors of a scene.
///
/// Every change is broadcast through ``events`` after it is made, synchronously, so a reactor that
/// merges the events in `transform(mutation:)` has reduced the change before the call returns.
@MainActor
public final class BoardService {
    /// The changes, as they happen.
    public let events = EventSource<BoardEvent>()

    /// The posts, newest first (so their ids decrease), kept in chunks: adding, renaming or
    /// deleting one copies no other post, and the board's list shares the chunks it was given.
    public private(set) var posts = ChunkedList<Post>()

    private var lastID: Int

    /// An empty board.
    public init() {
        lastID = 0
    }

    /// An empty board whose next post gets id `lastID + 1` (tests of running out of ids).
    init(lastID: Int) {
        self.lastID = lastID
    }

    /// Creates a post with the next id (1, 2, 3…), keeps it, announces it, and returns it; throws
    /// ``BoardServiceError/idsExhausted`` rather than trapping after id `Int.max`.
    @discardableResult
    public func create(title: String, content: String) throws(BoardServiceError) -> Post {
        guard lastID < .max else { throw .idsExhausted }
        lastID += 1
        let post = Post(id: lastID, title: title, content: content)
        posts.insert(post, at: 0)
        events.publish(.create(post))
        return post
    }

    /// Gives the post with `id` the title `title` and announces the new version; throws when
    /// there is no such post or the title is blank (nothing changes then).
    @discardableResult
    public func rename(id: Int, title: String) throws(BoardServiceError) -> Post {
        guard let index = posts.index(ofPostID: id) else { throw .noSuchPost(id: id) }
        guard !WriteReactor.isBlank(title) else { throw .blankTitle(id: id) }
        posts[index].title = title
        let post = posts[index]
        events.publish(.update(post))
        return post
    }

    /// Deletes the post with `id` and announces it; throws when there is none.
    public func delete(id: Int) throws(BoardServiceError) {
        guard let index = posts.index(ofPostID: id) else { throw .noSuchPost(id: id) }
        posts.remove(at: index)
        events.publish(.delete(id: id))
    }
}

/// Why a ``BoardService`` request failed.
public enum BoardServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No post has this id.
    case noSuchPost(id: Int)
    /// Every id up to `Int.max` has been given out.
    case idsExhausted
    /// A post cannot be given a blank title.
    case blankTitle(id: Int)

    /// A one-line message.
    public var description: String {
        switch self {
        case .noSuchPost(let id): "no post with id \(id)"
        case .idsExhausted: "no post id left (ids up to \(Int.max) are used)"
        case .blankTitle(let id): "cannot rename post \(id): the title is blank"
        }
    }
}

extension ChunkedList<Post> {
    /// The position of the post with `id`: a binary search while the ids decrease (newest first,
    /// as the service keeps them), else a walk.
    func index(ofPostID id: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].id > id { low = middle + 1 } else { high = middle }
        }
        if low < count && self[low].id == id { return low }
        return firstIndex { $0.id == id }
    }
}
