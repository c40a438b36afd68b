import BuiltinReactors
import ReactorShell
import StateDiff
import Testing
@testable import ReactorLanguageServer

/// The server's answers to messages, without a process: life cycle, and what comes from a
/// custom shell's own declarations.
@MainActor
@Suite struct LanguageServerTests {
    /// A named shell's entry: the counter with a command whose argument has a default.
    static let stepper = RegistryEntry(name: "stepper", summary: "Counts in steps.") { context in
        Scene(ReactorHandle(
            name: "stepper", reactor: CounterReactor(),
            commands: [ActionCommand("step", doc: "Counts up.", parameters: [.int("times", default: 1)]) { _ in .increase }],
            context: context))
    }

    private func answers(_ server: LanguageServer, _ json: String) throws -> [StateValue] {
        let message = try IncomingMessage.parse(StateValue(jsonText: json)).get()
        return try server.handle(message).map { try StateValue(jsonText: $0) }
    }

    private func initialized(_ registry: Registry = .builtins) throws -> LanguageServer {
        let server = LanguageServer(identity: .reactorShell, registry: registry)
        _ = try answers(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        return server
    }

    @Test func requestsBeforeInitializeAreRefused() throws {
        let server = LanguageServer(identity: .reactorShell, registry: .builtins)
        let answer = try answers(server, #"{"jsonrpc":"2.0","id":"a","method":"textDocument/hover","params":{}}"#)
        #expect(answer == [try StateValue(jsonText:
            #"{"jsonrpc":"2.0","id":"a","error":{"code":-32002,"message":"the server has not been initialized"}}"#)])
    }

    @Test func exitAfterShutdownIsZeroAndWithoutItOne() throws {
        let polite = try initialized()
        #expect(try answers(polite, #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#).first?["result"] == .null)
        let late = try answers(polite, #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#)
        #expect(late.first?["error"]?["code"] == .int(-32600))
        _ = try answers(polite, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(polite.exitStatus == 0)
        let abrupt = try initialized()
        _ = try answers(abrupt, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(abrupt.exitStatus == 1)
    }

    @Test func malformedMessagesAreNamed() throws {
        #expect(IncomingMessage.parse(.array([])) == .failure(.invalidRequest("a message must be a JSON object")))
        #expect(IncomingMessage.parse(try StateValue(jsonText: #"{"id":[1],"method":"x"}"#))
            == .failure(.invalidRequest("'id' must be a number or a string")))
    }

    @Test func aNamedShellsOwnCommandsAreCompletedWithTheirDefaults() throws {
        let server = try initialized(Registry([Self.stepper]))
        _ = try answers(server, #"""
            {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":
            {"uri":"untitled:a","languageId":"rsh","version":1,"text":"step \n"}}}
            """#)
        let answer = try answers(server, #"""
            {"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":
            {"textDocument":{"uri":"untitled:a"},"position":{"line":0,"character":5}}}
            """#)
        let items = answer.first?["result"]?["items"]
        #expect(items == .array([.fields([
            "label": .string("times:"), "kind": .int(10), "detail": .string("times: Int = 1"),
            "documentation": .string("step(times: Int = 1)"), "sortText": .string("100000"),
            "textEdit": .fields([
                "range": LineRange(line: 0, start: 5, end: 5).json, "newText": .string("times:"),
            ]),
        ])]))
    }

    @Test func rootHelpListsTheToolsAShellOptsInto() {
        let help = "USAGE: x\n\nSUBCOMMANDS:\n  run                     Run.\n\n  See 'x help'.\n"
        let amended = ShellTool.amendHelp(help, tools: [.languageServer])
        #expect(amended == "USAGE: x\n\nSUBCOMMANDS:\n  run                     Run.\n  lsp                     A language server for editors (LSP over stdio).\n\n  See 'x help'.\n")
    }
}
