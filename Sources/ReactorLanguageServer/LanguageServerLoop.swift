import ReactorShell
import StateDiff

/// Reads LSP messages from standard input, hands them to a ``LanguageServer`` and writes its
/// answers to standard output, until `exit` or the end of the input.
@MainActor
enum LanguageServerLoop {
    /// Serves until the client says `exit` (status 0 after `shutdown`, else 1) or closes the
    /// input (status 1, as the protocol asks of an exit without shutdown).
    static func run(_ server: LanguageServer, transport: consuming MessageTransport, log: (String) -> Void) -> Int32 {
        while true {
            switch transport.read() {
            case .end:
                return 1
            case .badHeader(let problem):
                log("bad message header: \(problem)")
            case .message(let bytes):
                let json: StateValue
                do {
                    json = try StateValue(jsonText: String(decoding: bytes, as: UTF8.self))
                } catch {
                    transport.write(OutgoingMessage.error(id: .null, .parseError("the message is not JSON: \(error)")))
                    continue
                }
                switch IncomingMessage.parse(json) {
                case .failure(let error):
                    transport.write(OutgoingMessage.error(id: json["id"] ?? .null, error))
                case .success(let message):
                    for answer in server.handle(message) { transport.write(answer) }
                }
                if let status = server.exitStatus { return status }
            }
        }
    }
}
