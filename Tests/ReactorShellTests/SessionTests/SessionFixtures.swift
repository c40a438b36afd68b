import Foundation
import ReactorCore
@testable import ReactorShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tally reactor for session tests: `add N` adds at once (`add 13` cannot be built); `slowAdd N` sets `pending`, then adds
/// after 100 ms on the scene's clock; `rename S` sets `label`;
/// `explode` runs an effect that sets `pending` and then throws; `timeoutAdd` sets `pending` after
/// 100 ms and would then add 1, but its own 50 ms timeout cancels the adding before it starts.
final class SessionTallyReactor: Reactor {
    enum Action: Sendable {
        case add(Int)
        case slowAdd(Int)
        case rename(String)
        case explode
        case timeoutAdd
    }

    /// What the `explode` effect throws.
    struct Explosion: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    /// What building `add 13` throws.
    struct Unlucky: Error, CustomStringConvertible {
        var description: String { "13 is not added" }
    }

    enum Mutation: Sendable {
        case addValue(Int)
        case setPending(Bool)
        case setLabel(String?)
    }

    struct State: Encodable, Sendable, Equatable {
        var total = 0
        var pending = false
        var label: String?
        var items: [Int] = []
    }

    let initialState = State()
    let runtime = ReactorRuntime<SessionTallyReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .add(let amount):
            return .just(.addValue(amount))
        case .slowAdd(let amount):
            return .concatenate(
                .just(.setPending(true)),
                Effect.sequence([.addValue(amount), .setPending(false)]).delayed(by: .milliseconds(100)))
        case .rename(let label):
            return .just(.setLabel(label))
        case .explode:
            return .run { send in
                send(.setPending(true))
                throw Explosion()
            }
        case .timeoutAdd:
            return .merge(
                .concatenate(
                    .delay(.milliseconds(100), .just(.setPending(true))),
                    Effect.run { send in send(.addValue(1)) }.cancellable(id: "adding"),
                    .just(.setPending(false))),
                .delay(.milliseconds(50), .cancel(id: "adding")))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .addValue(let amount):
            state.total += amount
            state.items.append(amount)
        case .setPending(let pending):
            state.pending = pending
        case .setLabel(let label):
            state.label = label
        }
        return state
    }

    static let commands: [ActionCommand<Action>] = [
        ActionCommand("add", doc: "Adds at once (not 13: its action cannot be built).", parameters: [.int("amount", default: 1)]) {
            let amount = try $0.int("amount")
            guard amount != 13 else { throw Unlucky() }
            return .add(amount)
        },
        ActionCommand("slowAdd", doc: "Adds after 100 ms.", parameters: [.int("amount", default: 1)]) { .slowAdd(try $0.int("amount")) },
        ActionCommand("rename", doc: "Sets the label.", parameters: [.string("label")]) { .rename(try $0.string("label")) },
        ActionCommand("explode", doc: "An effect that sets pending, then throws.") { _ in .explode },
        ActionCommand("timeoutAdd", doc: "Would add 1 after 100 ms; a 50 ms timeout cancels that first.") { _ in .timeoutAdd },
    ]

    /// A registry with `tally` (one reactor) and `pair` (`left` and `right`).
    static let registry = Registry([
        RegistryEntry(name: "tally", summary: "A tally.") { context in
            Scene(ReactorHandle(name: "tally", reactor: SessionTallyReactor(), commands: commands, context: context))
        },
        RegistryEntry(name: "pair", summary: "Two tallies.") { context in
            Scene(
                ReactorHandle(name: "left", reactor: SessionTallyReactor(), commands: commands, context: context),
                ReactorHandle(name: "right", reactor: SessionTallyReactor(), commands: commands, context: context))
        },
    ])
}

/// A session whose stdout and stderr are temporary files, read back after each step.
@MainActor
final class SessionHarness {
    let session: ShellSession
    private let sink: OutputSink
    private let stdoutPath: String
    private let stderrPath: String
    private let stdoutDescriptor: Int32
    private let stderrDescriptor: Int32
    private var line = 0

    /// `configure` sets what else the session starts with (`run --html`: its `htmlFile`).
    init(format: OutputFormat = .text, entry: String = "tally", configure: (inout ShellConfiguration) -> Void = { _ in }) {
        let base = NSTemporaryDirectory() + "session-harness-\(UUID().uuidString)"
        stdoutPath = base + ".out"
        stderrPath = base + ".err"
        stdoutDescriptor = open(stdoutPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        stderrDescriptor = open(stderrPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        sink = OutputSink(resultDescriptor: stdoutDescriptor, errorDescriptor: stderrDescriptor)
        var configuration = ShellConfiguration()
        configuration.format = format
        configuration.color = .never
        configuration.initialReactor = entry
        configure(&configuration)
        session = ShellSession(
            registry: SessionTallyReactor.registry, configuration: configuration, sink: sink, interactive: false)
        _ = session.loadInitialScene()
    }

    deinit {
        close(stdoutDescriptor)
        close(stderrDescriptor)
        unlink(stdoutPath)
        unlink(stderrPath)
    }

    /// Runs `lines` as a batch would (waiting after each action), numbering them on from the last call.
    @discardableResult
    func run(_ lines: String...) async -> [CommandOutcome] {
        var outcomes: [CommandOutcome] = []
        for text in lines {
            line += 1
            outcomes.append(await session.execute(
                line: text, origin: LineOrigin(source: "test.rsh", line: line), waitAfterAction: true))
        }
        return outcomes
    }

    /// Everything written to stdout since the last call, as lines.
    func takeStdout() -> [String] { take(stdoutDescriptor) }

    /// Everything written to stderr since the last call, as lines.
    func takeStderr() -> [String] { take(stderrDescriptor) }

    private func take(_ descriptor: Int32) -> [String] {
        sink.flush()
        let size = lseek(descriptor, 0, SEEK_END)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        if size > 0 {
            _ = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(size), 0) }
        }
        _ = ftruncate(descriptor, 0)
        _ = lseek(descriptor, 0, SEEK_SET)
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
