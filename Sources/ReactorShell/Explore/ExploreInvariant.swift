/// Something that must hold after every step of an exploration (`reactor-shell explore`), checked
/// on the state the step left.
///
/// Two kinds: an expectation written as in `:expect` (``expect(_:)``, also what
/// `--invariant 'PATH OP VALUE'` gives), and a check written in Swift that reads the states
/// through an ``ExploreProbe`` and, when it finds the rule broken, names an `:expect` line that
/// fails on that state: the shrunk script ends in it, so replaying the script shows the failure.
///
/// ```swift
/// ExploreInvariant("post ids are unique") { probe in
///     guard case .array(let posts)? = try? probe.value("posts") else { return nil }
///     … return ExploreViolation(expectation: "posts[3].id != 2", detail: "id 2 twice") …
/// }
/// ```
public struct ExploreInvariant: Sendable {
    /// How the invariant is checked.
    enum Rule: Sendable {
        /// `PATH OP VALUE`, as after `:expect`; only on a quiescent scene when `whenQuiescent`.
        case expectation(String, whenQuiescent: Bool)
        /// A check in Swift; `comparesStates`: it reads the states before the step too.
        case check(@MainActor @Sendable (ExploreProbe) -> ExploreViolation?, comparesStates: Bool)
    }

    /// The name reports and scripts give it.
    public let name: String
    let rule: Rule

    /// An invariant checked by `check`, which returns nil while it holds. With `comparingStates`
    /// the probe also has the line just run and the states before it (``ExploreProbe/before(_:)``),
    /// for rules about what a step does ("`homeScore` adds one").
    public init(
        _ name: String, comparingStates: Bool = false, check: @escaping @MainActor @Sendable (ExploreProbe) -> ExploreViolation?
    ) {
        self.name = name
        rule = .check(check, comparesStates: comparingStates)
    }

    private init(name: String, rule: Rule) {
        self.name = name
        self.rule = rule
    }

    /// The expectation `text` (`PATH OP VALUE`, e.g. `home >= 0` or `write:title.count < 100`)
    /// holds after every step.
    public static func expect(_ text: String) -> ExploreInvariant {
        ExploreInvariant(name: text, rule: .expectation(text, whenQuiescent: false))
    }

    /// The expectation `text` holds after every step that leaves no effect running (e.g.
    /// `isLoading == false`): mid-effect states are not checked.
    public static func expectWhenQuiescent(_ text: String) -> ExploreInvariant {
        ExploreInvariant(name: text + " when no effect runs", rule: .expectation(text, whenQuiescent: true))
    }
}

/// A broken invariant, as a Swift check reports it.
public struct ExploreViolation: Sendable, Hashable {
    /// `PATH OP VALUE` that fails on the state the check saw (e.g. `posts[3].id != 2`): the line
    /// the shrunk script ends in, after `:expect`.
    public var expectation: String
    /// What is wrong, for the report (e.g. `post id 2 appears twice`).
    public var detail: String

    /// A violation shown by the failing `expectation`, explained by `detail`.
    public init(expectation: String, detail: String) {
        self.expectation = expectation
        self.detail = detail
    }
}
