import BuiltinReactors
import Foundation
import ReactorShell
import ReactorShellTesting
import Testing
import TodoList

/// The to-do reactor driven by shell scripts: a failed `:expect` fails the test at the script's line.
@MainActor
struct TodoScriptTests {
    private let registry = Registry([TodoReactor.entry])

    @Test func togglingAnItemCountsItDone() async {
        let result = await ShellScript.run("""
            add "buy milk"
            add call-mum
            toggle 0
            :expect items[0].done == true
            :expect remaining == 1
            toggle 0
            :expect remaining == 2
            """, registry: registry)
        #expect(result.passed == 3)
    }

    @Test func clearDoneKeepsTheOpenItemsInOrder() async {
        await ShellScript.run("""
            add one
            add two
            add three
            toggle 1
            clearDone
            :expect items.count == 2
            :expect items[1].title == "three"
            """, registry: registry)
    }

    @Test func toggleOutOfRangeChangesNothing() async {
        await ShellScript.run("""
            add one
            toggle 5
            :expect remaining == 1
            :expect items[0].done == false
            """, registry: registry)
    }

    /// The same script `todo-shell test` compares with its golden file.
    @Test func theScriptInTestsHolds() async {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("tests/todo.rsh").path
        await ShellScript.run(file: script, registry: Registry([TodoReactor.entry]) + Registry.builtins.entries)
    }
}
