import ReactorCore
@testable import ReactorShell
import StateDiff

/// A list with a bug planted at a known depth: removing the middle item of exactly five forgets
/// to lower `count`, so `count == items.count` breaks only after five `add`s and `remove 2`.
/// Removing an index the list does not have is an error (its effect throws), so a shrunk
/// sequence that drops an `add` the `remove` needs is a different failure, not the same one.
final class PlantedBugList: Reactor {
    enum Action: Sendable {
        case add(Int)
        case remove(Int)
    }

    enum Mutation: Sendable {
        case append(Int)
        case remove(at: Int)
    }

    struct State: Encodable, Sendable, Equatable {
        var items: [Int] = []
        var count = 0
    }

    struct NoSuchIndex: Error, CustomStringConvertible {
        let index: Int
        var description: String { "no item at index \(index)" }
    }

    let initialState = State()
    let runtime = ReactorRuntime<PlantedBugList>()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .add(let value):
            return .just(.append(value))
        case .remove(let index):
            guard currentState.items.indices.contains(index) else { return .run { _ in throw NoSuchIndex(index: index) } }
            return .just(.remove(at: index))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .append(let value):
            state.items.append(value)
            state.count += 1
        case .remove(let index):
            let wasFive = state.items.count == 5
            state.items.remove(at: index)
            if !(wasFive && index == 2) { state.count -= 1 }  // the planted bug
        }
        return state
    }

    static let commands: [ActionCommand<Action>] = [
        ActionCommand("add", doc: "Appends a value.", parameters: [.int("value")]) { .add(try $0.int("value")) },
        ActionCommand("remove", doc: "Removes the item at an index.", parameters: [.int("index")]) { .remove(try $0.int("index")) },
    ]

    /// `count` agrees with the items.
    static let countMatches = ExploreInvariant("count matches items") { probe in
        guard case .int(let count)? = try? probe.value("count"), case .int(let actual)? = try? probe.value("items.count"),
              count != actual
        else { return nil }
        return ExploreViolation(expectation: "count == \(actual)", detail: "count is \(count), items.count is \(actual)")
    }

    /// `remove` picks an index the list has (and is not chosen while the list is empty).
    static let removeExisting = CommandGenerator("remove") { random, probe in
        guard case .int(let count)? = try? probe.value("items.count"), count > 0 else { return nil }
        return ["index": .int(random.below(count))]
    }

    static let entry = RegistryEntry(name: "list", summary: "A list with a planted bug") { context in
        Scene(ReactorHandle(name: "list", reactor: PlantedBugList(), commands: commands, context: context))
    }.exploring(invariants: [countMatches], generators: [removeExisting])
}
