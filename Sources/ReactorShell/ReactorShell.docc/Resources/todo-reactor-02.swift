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

    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .add(let title):
            return .just(.appendItem(Item(title: title)))
        case .toggle(let index):
            guard currentState.items.indices.contains(index) else { return .none }
            return .just(.setDone(index: index, done: !currentState.items[index].done))
        case .clearDone:
            return .just(.removeDone)
        }
    }

    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .appendItem(let item): state.items.append(item)
        case .setDone(let index, let done): state.items[index].done = done
        case .removeDone: state.items.removeAll { $0.done }
        }
        state.remaining = state.items.count { !$0.done }
        return state
    }
}
