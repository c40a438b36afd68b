import ReactorCore
import ReactorShell

/// A to-do list: the reactor this custom shell adds to the built-in ones (a library target, so
/// that the shell and the tests share it).
public final class TodoReactor: Reactor {
    public enum Action {
        case add(title: String)
        case toggle(index: Int)
        case clearDone
    }

    public enum Mutation {
        case appendItem(Item)
        case setDone(index: Int, done: Bool)
        case removeDone
    }

    public struct Item: Encodable {
        public var title: String
        public var done = false
    }

    public struct State: Encodable {
        public var items: [Item] = []
        public var remaining = 0
    }

    public let initialState = State()
    public let runtime = ReactorRuntime<TodoReactor>()

    public init() {}
}
