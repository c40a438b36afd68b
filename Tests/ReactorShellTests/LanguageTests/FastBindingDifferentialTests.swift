import StateDiff
import Testing
@testable import ReactorShell

/// The fast path's binding (an unprefixed line resolved and bound from its bytes) must give exactly
/// what parsing, resolving and binding give, and leave every other line to them.
@Suite struct FastBindingDifferentialTests {
    static let origin = LineOrigin(source: "bind.rsh", line: 7)

    static let tables = [
        ReactorCommandTable(name: "score", signatures: scoreCommands.map(\.signature)),
        ReactorCommandTable(name: "other", signatures: [
            CommandSignature(name: "ping", doc: "", parameters: []),
            CommandSignature(name: "aCommandNameLongerThanSixteen", doc: "", parameters: [.string("text")]),
            CommandSignature(name: "aCommandNameLongerThanSixteenToo", doc: "", parameters: []),
        ]),
    ]

    /// What resolving and binding the fully parsed line give: the invocation, reactor, command and
    /// arguments, or nil for a line that is not an action or does not resolve and bind.
    static func general(_ line: String, focus: Int) -> (ActionInvocation, Int, Int, CommandArguments)? {
        guard case .action(let invocation)? = try? ScriptParser.parseFully(line, origin: origin),
              let (reactor, command) = try? ActionResolver.resolveIndices(invocation, focus: focus, in: SceneCommands(tables)),
              let arguments = try? tables[reactor].signatures[command].bind(invocation) else { return nil }
        return (invocation, reactor, command, arguments)
    }

    /// Checks `line`; returns true when the fast path bound it.
    @discardableResult
    static func check(_ line: String, focus: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let reference = general(line, focus: focus)
        var bound = BoundActionLine()
        switch ActionLineFastPath.parse(line, origin: origin, scene: SceneCommands(tables), focus: focus, bound: &bound) {
        case .bound?:
            guard let (invocation, reactor, command, arguments) = reference else {
                Issue.record("bound \(line.debugDescription), which does not bind", sourceLocation: sourceLocation)
                return true
            }
            #expect(bound.nameColumn == invocation.name.column && bound.isBackground == invocation.isBackground,
                    "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(bound.reactor == reactor && bound.command == command, "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(bound.arguments == arguments, "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            return true
        case .action(let invocation)?:
            #expect(ParsedLine.action(invocation) == ActionLineFastPath.parse(line, origin: origin), "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            return false
        case .empty?:
            #expect(ParsedLine.empty == ActionLineFastPath.parse(line, origin: origin), "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            return false
        case .fallback?, nil:
            #expect(ActionLineFastPath.parse(line, origin: origin) == nil, "line: \(line.debugDescription)", sourceLocation: sourceLocation)
            return false
        }
    }

    @Test(arguments: [
        "homeScore", "  homeScore  # done", "homeScore &", "setScore 3 4", "setScore 007 -0", "setScore -12 123456789012345678",
        "add", "add 5", "tune 3", "tune 0.5 true", "tune 2 nil", "tune 1e3 false &", "updateQuery nil", "updateQuery swift",
        #"updateQuery "swift lang""#, "updateQuery 42", "updateQuery 007", "updateQuery 2.50", "updateQuery true", "updateQuery false",
        "rename x", #"rename """#, "rename c++",
    ])
    func positionalLinesOfTheFocusedReactorAreBound(line: String) {
        #expect(Self.check(line), "not bound: \(line.debugDescription)")
    }

    @Test(arguments: [1])
    func namesLongerThanAWordPairAreBound(focus: Int) {
        #expect(Self.check("aCommandNameLongerThanSixteen hello", focus: focus))
        #expect(Self.check("aCommandNameLongerThanSixteenToo", focus: focus))
        #expect(!Self.check("aCommandNameLongerThanSixteen", focus: focus))  // missing argument
        #expect(!Self.check("aCommandNameLongerThanSixteeN x", focus: focus))
        #expect(Self.check("ping", focus: focus))
        #expect(!Self.check("ping", focus: 0))
    }

    @Test(arguments: [
        // Errors: unknown names, missing, extra or mistyped arguments, nil for a non-optional.
        "homescore", "home", "homeScores", "ping", "setScore 3", "setScore 3 4 5", "setScore x 4", "setScore 3.5 4", "setScore nil 4",
        "add true", "tune x", "updateQuery", "rename nil", "rename 1 2", "homeScore 1",
        // Left to the general path though they bind there: labels and prefixes.
        "setScore home: 3 away: 4", "setScore away=4 3", "tune 2 loud: true", "score.homeScore", "other.ping",
        // Not action lines, or not the fast path's.
        "", "# comment", ":state", "f [1, 2]", "naïve", "setScore 3 4 &x",
    ])
    func otherLinesAreLeftToTheGeneralPath(line: String) {
        #expect(!Self.check(line), "bound: \(line.debugDescription)")
    }

    /// A name that is not ASCII may equal an ASCII one as a `String` (the Kelvin sign is
    /// canonically `K`): bytes cannot tell, so such a table is never matched from bytes.
    @Test func aTableWithANameBeyondASCIIIsLeftToStringComparison() throws {
        let tables = [ReactorCommandTable(name: "k", signatures: [
            CommandSignature(name: "\u{212A}elvin", doc: "", parameters: []),
            CommandSignature(name: "other", doc: "", parameters: []),
        ])]
        let scene = SceneCommands(tables)
        var unused = BoundActionLine()
        guard case .action(let invocation)? = ActionLineFastPath.parse("Kelvin", origin: Self.origin, scene: scene, focus: 0, bound: &unused) else {
            Issue.record("Kelvin was not parsed as an action line")
            return
        }
        let resolved = try ActionResolver.resolveIndices(invocation, focus: 0, in: scene)
        #expect(resolved.reactor == 0 && resolved.command == 0)
        guard case .action? = ActionLineFastPath.parse("other", origin: Self.origin, scene: scene, focus: 0, bound: &unused) else {
            Issue.record("other was bound from bytes in a table with a name beyond ASCII")
            return
        }
    }

    /// Reactors sharing a name: an unprefixed line goes to the first of them, whichever has the focus.
    @Test func anUnprefixedLineGoesToTheFirstReactorOfTheFocusedName() {
        let tables = [Self.tables[0], Self.tables[1], ReactorCommandTable(name: "score", signatures: [CommandSignature(name: "ping", doc: "", parameters: [])])]
        let scene = SceneCommands(tables)
        var bound = BoundActionLine(), unused = BoundActionLine()
        guard case .bound? = ActionLineFastPath.parse("homeScore", origin: Self.origin, scene: scene, focus: 2, bound: &bound) else {
            Issue.record("homeScore was not bound")
            return
        }
        #expect(bound.reactor == 0 && bound.command == 0)
        guard case .action? = ActionLineFastPath.parse("ping", origin: Self.origin, scene: scene, focus: 2, bound: &unused) else {
            Issue.record("ping was bound to a reactor that is not the first of its name")
            return
        }
    }
}
