import StateDiff

extension StateValue {
    /// An object of `fields` in order; nil values are left out.
    static func fields(_ fields: KeyValuePairs<String, StateValue?>) -> StateValue {
        .object(fields.compactMap { key, value in value.map { StateField(key, $0) } })
    }

    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, when this is one.
    var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }
}
