/// What a command looks like from the outside: name, doc line and parameters.
///
/// Non-generic, so help, completion, binding and `:save` work on any reactor's commands.
public struct CommandSignature: Sendable, Hashable {
    /// The action's name, as typed (case-sensitive).
    public var name: String
    /// One line saying what the action does.
    public var doc: String
    /// The parameters in declaration order.
    public var parameters: [CommandParameter]

    /// Creates a signature.
    public init(name: String, doc: String, parameters: [CommandParameter]) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
    }

    /// `setScore(home: Int, away: Int)`; a command without parameters is just its name (`increase`).
    public var signatureText: String {
        guard !parameters.isEmpty else { return name }
        return name + "(" + parameters.map(\.signature).joined(separator: ", ") + ")"
    }

    /// The `:help ACTION` text: the signature, then the doc line indented.
    public var helpText: String {
        doc.isEmpty ? signatureText : signatureText + "\n  " + doc
    }

    /// The parameter labelled `label`.
    public func parameter(_ label: String) -> CommandParameter? {
        parameters.first { $0.label == label }
    }
}

/// Aligned `signature  doc` lines for `:actions`, one per command.
public enum CommandListing {
    /// The listing of `signatures`, each line indented by two blanks; a doc wider than `width`
    /// columns goes on at a word, under the column where the docs begin (nil: not wrapped).
    public static func lines(for signatures: [CommandSignature], width: Int? = nil) -> [String] {
        let column = (signatures.map(\.signatureText.count).max() ?? 0) + 4
        return signatures.flatMap { signature -> [String] in
            let first = "  " + signature.signatureText
            guard !signature.doc.isEmpty else { return [first] }
            let prefix = first.padded(to: column)
            guard let width else { return [prefix + signature.doc] }
            return TextLayout.wrap(signature.doc, width: width, prefix: prefix, indent: column)
        }
    }
}
