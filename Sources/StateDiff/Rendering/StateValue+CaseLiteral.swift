extension StateValue {
    /// The value read as an enum case, the way Swift code would write it: the encoding of
    /// `setRepos(["a"], nextPage: 2)` (`{setRepos: {_0: ["a"], nextPage: 2}}`) gives back
    /// `setRepos(["a"], nextPage: 2)`, `{increaseValue: {}}` gives `increaseValue`, and a
    /// raw-value case (a string) gives its raw value unquoted. Anything else is its
    /// `literal(maxLength:)`. Each argument is shortened to `maxLength`.
    public func caseLiteral(maxLength: Int? = nil) -> String {
        switch self {
        case .string(let name) where isPlainIdentifier(name):
            return name
        case .object(let fields) where fields.count == 1:
            guard case .object(let arguments) = fields[0].value, isPlainIdentifier(fields[0].key) else { break }
            var output = TextBuffer(capacity: 32)
            output.append(fields[0].key)
            if arguments.isEmpty { return output.string }
            output.append("(")
            for (position, argument) in arguments.enumerated() {
                if position > 0 { output.append(", ") }
                if !isPositionalLabel(argument.key) {
                    output.append(argument.key)
                    output.append(": ")
                }
                argument.value.appendLiteral(to: &output, maxLength: maxLength)
            }
            output.append(")")
            return output.string
        default:
            break
        }
        return literal(maxLength: maxLength)
    }
}

/// `_0`, `_1`, …: the keys Swift gives unlabelled associated values.
private func isPositionalLabel(_ key: String) -> Bool {
    let bytes = key.utf8
    guard bytes.count > 1, bytes.first == UInt8(ascii: "_") else { return false }
    return bytes.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
}
