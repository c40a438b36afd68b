import BuiltinReactors
import ReactorCore
import ReactorShell

/// A custom shell for the end-to-end tests of SPEC §6's crash promise: its `tally` reactor adds
/// with a plain `+`, so `add 9223372036854775807` after `add 1` traps (SIGILL), as a user's
/// reactor with an overflow bug would. The shell must still deliver what it printed before, and
/// name the script line on stderr.
final class TallyReactor: Reactor {
    enum Action: Sendable, Equatable {
        case add(Int)
    }
    typealias Mutation = Action

    struct State: Encodable, Sendable, Equatable {
        var total = 0
    }

    let initialState = State()
    let runtime = ReactorRuntime<TallyReactor>()

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.total += amount  // traps on overflow, on purpose
        }
        return state
    }

    static let commands: [ActionCommand<Action>] = [
        ActionCommand("add", doc: "Adds to the total (traps on overflow).", parameters: [.int("amount")]) { args in
            .add(try args.int("amount"))
        },
    ]
}

let tally = RegistryEntry(name: "tally", summary: "Adds without overflow checks (a test fixture that traps)") { context in
    Scene(ReactorHandle(name: "tally", reactor: TallyReactor(), commands: TallyReactor.commands, context: context))
}

await ReactorShellMain.run(registry: Registry([tally]) + Registry.builtins.entries)
