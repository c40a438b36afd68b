import Synchronization

/// Remembers, per dynamic type, whether it conforms to ``StateValueConvertible``.
///
/// `value as? any StateValueConvertible` asks the runtime's conformance tables, about two
/// thousand instructions a time even when the answer is cached there; the encoder asks for
/// every non-leaf value of every state it encodes. A lookup here is a locked dictionary read.
final class ConvertibleTypeCache: Sendable {
    private let answers = Mutex<[ObjectIdentifier: Bool]>([:])

    /// Whether values whose dynamic type is `type` conform to ``StateValueConvertible``.
    func conforms(_ type: any Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = answers.withLock({ $0[key] }) { return known }
        let answer = type is any StateValueConvertible.Type
        answers.withLock { $0[key] = answer }
        return answer
    }

    /// The cache the encoder uses.
    static let shared = ConvertibleTypeCache()
}
