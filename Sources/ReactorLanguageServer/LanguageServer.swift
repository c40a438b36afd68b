import ReactorShell
import StateDiff

/// The language server's state and its answers: the open documents, the registry's scenes, and
/// one method per LSP request or notification it serves. It does no I/O: ``handle(_:)`` takes a
/// message and gives back the messages to send (``LanguageServerLoop`` moves them).
@MainActor
final class LanguageServer {
    /// Where the server is in the protocol's life cycle.
    enum Phase: Equatable {
        case starting, running, shutDown
    }

    private(set) var phase = Phase.starting
    /// The exit status once `exit` has arrived: 0 after a `shutdown`, else 1.
    private(set) var exitStatus: Int32?
    private var documents: [String: TextDocument] = [:]
    /// What checks the documents, and knows the registry's scenes.
    private let checker: ScriptChecker
    private let identity: ShellIdentity

    /// A server for scripts of the shell `identity` over `registry`, starting in `initialEntry`'s
    /// scene (nil: the registry's first entry, as `run` does).
    init(identity: ShellIdentity, registry: Registry, initialEntry: String? = nil) {
        self.identity = identity
        var configuration = ShellConfiguration()
        configuration.initialReactor = initialEntry
        self.checker = ScriptChecker(registry: registry, configuration: configuration)
    }

    /// The messages to send in answer to `message` (responses and notifications, as JSON text).
    func handle(_ message: IncomingMessage) -> [String] {
        switch message {
        case .response:
            return []
        case .notification(let method, let params):
            return notification(method, params)
        case .request(let id, let method, let params):
            switch request(method, params) {
            case .success(let result): return [OutgoingMessage.response(id: id, result: result)]
            case .failure(let error): return [OutgoingMessage.error(id: id, error)]
            }
        }
    }

    private func request(_ method: String, _ params: StateValue) -> Result<StateValue, ResponseError> {
        switch phase {
        case .starting where method != "initialize": return .failure(.serverNotInitialized)
        case .running where method == "initialize": return .failure(.invalidRequest("initialize was already received"))
        case .shutDown: return .failure(.invalidRequest("the server is shutting down; only 'exit' is accepted"))
        default: break
        }
        switch method {
        case "initialize":
            phase = .running
            return .success(ServerCapabilities.initializeResult(identity: identity))
        case "shutdown":
            phase = .shutDown
            return .success(.null)
        case "textDocument/completion":
            return at(params) { document, line, position in
                let scene = SceneAtLine.find(at: position.line, in: document, checker: checker)
                return CompletionItems.list(
                    line: line, lineNumber: position.line, character: position.character, scene: scene,
                    registry: checker.registry, directory: document.directory)
            }
        case "textDocument/hover":
            return at(params) { document, line, position in
                let scene = SceneAtLine.find(at: position.line, in: document, checker: checker)
                return HoverText.hover(
                    line: line, lineNumber: position.line, character: position.character, scene: scene, registry: checker.registry)
            }
        case "textDocument/definition":
            return at(params) { document, line, position in
                LoadDefinition.location(line: line, character: position.character, directory: document.directory)
            }
        case "textDocument/semanticTokens/full":
            guard let document = document(params) else { return .failure(.invalidParams("unknown or missing textDocument.uri")) }
            return .success(.fields(["data": .array(SemanticTokens.encode(document).map(StateValue.int))]))
        default:
            return .failure(.methodNotFound(method))
        }
    }

    private func notification(_ method: String, _ params: StateValue) -> [String] {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return []
        }
        guard phase == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            let item = params["textDocument"]
            guard let uri = item?["uri"]?.stringValue, let text = item?["text"]?.stringValue else { return [] }
            let document = TextDocument(uri: uri, version: item?["version"]?.intValue ?? 0, text: text)
            documents[uri] = document
            return [publishDiagnostics(document)]
        case "textDocument/didChange":
            // Full synchronisation: the last change holds the whole text.
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
                  case .array(let changes)? = params["contentChanges"], let text = changes.last?["text"]?.stringValue
            else { return [] }
            document.replaceText(text, version: params["textDocument"]?["version"]?.intValue ?? document.version + 1)
            documents[uri] = document
            return [publishDiagnostics(document)]
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return [] }
            return [OutgoingMessage.notification(
                method: "textDocument/publishDiagnostics", params: .fields(["uri": .string(uri), "diagnostics": .array([])]))]
        default:
            return []
        }
    }

    /// The `publishDiagnostics` notification for `document`.
    private func publishDiagnostics(_ document: TextDocument) -> String {
        let diagnostics = ScriptDiagnostics.diagnose(document, checker: checker)
        return OutgoingMessage.notification(method: "textDocument/publishDiagnostics", params: .fields([
            "uri": .string(document.uri),
            "version": .int(document.version),
            "diagnostics": .array(diagnostics.map { ScriptDiagnostics.json($0, in: document) }),
        ]))
    }

    private func document(_ params: StateValue) -> TextDocument? {
        params["textDocument"]?["uri"]?.stringValue.flatMap { documents[$0] }
    }

    /// Runs `answer` on the document, line and position of a `TextDocumentPositionParams`.
    private func at(
        _ params: StateValue, _ answer: (TextDocument, ScriptLine, (line: Int, character: Int)) -> StateValue
    ) -> Result<StateValue, ResponseError> {
        guard let document = document(params) else { return .failure(.invalidParams("unknown or missing textDocument.uri")) }
        guard let line = params["position"]?["line"]?.intValue, let character = params["position"]?["character"]?.intValue,
              line >= 0, character >= 0
        else { return .failure(.invalidParams("missing or bad position")) }
        guard let scriptLine = document.line(line) else { return .success(.null) }
        return .success(answer(document, scriptLine, (line, character)))
    }
}

extension TextDocument {
    /// The directory of the document's file, against which its `:load` paths are resolved.
    var directory: String? {
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[...slash])
    }
}
