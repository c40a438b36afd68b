#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every attempt of one exploration shares: the registry and the entry explored, the
/// session's configuration (virtual clock, no diffs, output to nowhere), the invariants and the
/// step generator.
@MainActor
final class ExploreSetup {
    let registry: Registry
    let entry: RegistryEntry
    let configuration: ShellConfiguration
    let sink: OutputSink
    /// `/dev/null`, where the sessions' output goes.
    private let nowhere: Int32
    let invariants: [CheckedInvariant]
    let allowsErrors: Bool
    /// The invariants given besides the entry's, as written (`--invariant`).
    private let givenExpectations: [String]
    let generator: StepGenerator
    /// The scene's command declarations, by reactor prefix (nil: the focused reactor) and name.
    private let signatures: [String: CommandSignature]

    /// Prepares the exploration of `entry` (nil: the registry's first) with `invariants` besides
    /// the entry's own; throws a located message for an unknown entry or a malformed invariant.
    init(registry: Registry, entry name: String?, configuration: ShellConfiguration, invariants: [ExploreInvariant], allowsErrors: Bool) throws(ExploreSetupError) {
        guard let entryName = name ?? registry.entries.first?.name else { throw ExploreSetupError("the registry is empty") }
        guard let entry = registry.entry(named: entryName) else {
            throw ExploreSetupError(
                "unknown reactor '\(entryName)'\(Suggestions.didYouMean(entryName, among: registry.names)); available: \(registry.names.joined(separator: ", "))")
        }
        self.registry = registry
        self.entry = entry
        var configuration = configuration
        configuration.initialReactor = entry.name
        configuration.clock = .virtual
        configuration.showDiffs = false
        configuration.color = .never
        configuration.format = .text
        self.configuration = configuration
        nowhere = open("/dev/null", O_WRONLY | O_CLOEXEC)
        sink = OutputSink(resultDescriptor: nowhere, errorDescriptor: nowhere)
        var checked: [CheckedInvariant] = []
        for invariant in invariants + entry.exploration.invariants {
            do {
                checked.append(try CheckedInvariant(invariant))
            } catch {
                throw ExploreSetupError("invariant '\(invariant.name)': \(error.message)")
            }
        }
        self.invariants = checked
        self.allowsErrors = allowsErrors
        givenExpectations = invariants.compactMap { invariant in
            if case .expectation(let text, whenQuiescent: false) = invariant.rule { return text }
            return nil
        }
        // The scene's commands, read from a session of the entry.
        let session = ShellSession(registry: registry, configuration: configuration, sink: sink, interactive: false)
        _ = session.loadInitialScene()
        let tables = session.commandTables
        generator = StepGenerator(tables: tables, generators: entry.exploration.generators)
        var signatures: [String: CommandSignature] = [:]
        for (index, table) in tables.enumerated() {
            for signature in table.signatures {
                let key = (index == 0 ? "" : table.name + ".") + signature.name
                if signatures[key] == nil { signatures[key] = signature }
            }
        }
        self.signatures = signatures
    }

    isolated deinit {
        sink.flush()
        close(nowhere)
    }

    /// The command line that repeats this exploration with `seed` (for the script's header).
    func commandLine(seed: UInt64) -> String {
        var words = ["\(configuration.identity.name) explore --reactor \(entry.name) --seed \(seed)"]
        words += givenExpectations.map { "--invariant '\($0)'" }
        if allowsErrors { words.append("--allow-errors") }
        return words.joined(separator: " ")
    }

    /// The declaration of command `command` of the reactor named by `prefix` (nil: the focused one).
    func signature(reactor prefix: String?, command: String) -> CommandSignature? {
        signatures[(prefix.map { $0 + "." } ?? "") + command]
    }
}

/// Why an exploration cannot start: an unknown entry, an invariant that does not parse.
public struct ExploreSetupError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ExploreSetup {
    /// The step `line` runs, read back with the shell's parser and binder (a trap's steps come
    /// from the child process that trapped as lines); nil for a line that is not a step of this
    /// scene.
    func step(parsing line: String, origin: Int) -> ExploreStep? {
        switch line {
        case ":undo": return ExploreStep(.undo, origin: origin)
        case ":redo": return ExploreStep(.redo, origin: origin)
        default: break
        }
        let parsed = try? ScriptParser.parse(line, origin: LineOrigin(source: "<explore>", line: origin + 1))
        switch parsed {
        case .meta(let meta):
            guard case .advance(let duration) = meta.command else { return nil }
            let (seconds, attoseconds) = duration.components
            return ExploreStep(.advance(milliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)), origin: origin)
        case .action(let invocation):
            let prefix = invocation.reactor?.text
            guard let signature = signature(reactor: prefix, command: invocation.name.text),
                  let bound = try? signature.bind(invocation)
            else { return nil }
            let arguments = bound.fields.map { ExploreAction.Argument(label: $0.key, value: $0.value) }
            let action = ExploreAction(
                reactor: prefix, command: invocation.name.text, arguments: arguments,
                form: arguments.count == 1 ? .positional : .labelled(equalsSign: false), isBackground: invocation.isBackground)
            return ExploreStep(.action(action), origin: origin)
        default:
            return nil
        }
    }
}
