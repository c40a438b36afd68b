import StateDiff

/// The JSON text of the messages the server sends.
enum OutgoingMessage {
    /// The answer to request `id`.
    static func response(id: StateValue, result: StateValue) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("id", id),
            StateField("result", result),
        ]).jsonText
    }

    /// An error answer to request `id` (null when the request's id could not be read).
    static func error(id: StateValue, _ error: ResponseError) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("id", id),
            StateField("error", .object([
                StateField("code", .int(error.code)), StateField("message", .string(error.message)),
            ])),
        ]).jsonText
    }

    /// A notification to the client.
    static func notification(method: String, params: StateValue) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("method", .string(method)),
            StateField("params", params),
        ]).jsonText
    }
}
