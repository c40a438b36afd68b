import Synchronization

/// The shell being run: its identity and registry names, set when its command line is parsed.
///
/// ArgumentParser reads a command's name, version and texts from static properties, and calls
/// completion functions without context, so what a named custom shell shows there comes from
/// here; ``LaunchPlan/parse(_:environment:identity:registry:)`` sets it first.
enum LaunchContext {
    private struct Current: Sendable {
        var identity = ShellIdentity.reactorShell
        var registryNames: [String] = []
    }

    private static let current = Mutex(Current())
    /// Held for a whole parse, so that parses for different shells (tests run them in
    /// parallel) each see their own shell.
    private static let parsing = Mutex(())

    /// Makes `identity` and `registryNames` current and runs `parse`, one parse at a time.
    static func parse<Result>(
        identity: ShellIdentity, registryNames: [String], _ parse: () -> sending Result
    ) -> sending Result {
        parsing.withLock { _ in
            current.withLock { $0 = Current(identity: identity, registryNames: registryNames) }
            return parse()
        }
    }

    /// The identity of the shell being parsed for.
    static var identity: ShellIdentity { current.withLock { $0.identity } }

    /// The registry's entry names, for completing `--reactor`.
    static var registryNames: [String] { current.withLock { $0.registryNames } }
}
