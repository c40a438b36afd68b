import StateDiff

extension CommandSignature {
    /// Matches the arguments of `invocation` to the parameters: labelled ones by label, positional ones
    /// to the remaining parameters in order, defaults for what is left out; converts each value to its
    /// parameter's type.
    ///
    /// Errors name the column of the offending token: wrong type, `nil` for a non-optional, unknown or
    /// duplicate label, too many arguments, missing argument.
    public func bind(_ invocation: ActionInvocation) throws(Diagnostic) -> CommandArguments {
        try bind(invocation.arguments, origin: invocation.origin, endColumn: invocation.endColumn)
    }

    /// Binds `arguments`, those of a line from `origin` whose last argument ends at `endColumn`
    /// (where a missing one is reported), like ``bind(_:)``: the one binder of the shell.
    func bind(_ arguments: [ParsedArgument], origin: LineOrigin, endColumn: Int) throws(Diagnostic) -> CommandArguments {
        if parameters.isEmpty && arguments.isEmpty { return CommandArguments([]) }
        // slots[p]: the index in `arguments` of the argument bound to parameter p, or -1.
        var slots = ParameterSlots(count: parameters.count)
        for argumentIndex in arguments.indices {
            guard let label = arguments[argumentIndex].label else { continue }
            guard let index = parameters.firstIndex(where: { $0.label == label.text }) else {
                let hint = Suggestions.didYouMean(label.text, among: parameters.map(\.label))
                let known = parameters.isEmpty ? "; \(name) takes no arguments" : (hint.isEmpty ? "; expected \(signatureText)" : hint)
                throw Diagnostic(origin, column: label.column, "\(name): unknown argument label '\(label.text)'" + known)
            }
            guard slots[index] < 0 else {
                throw Diagnostic(origin, column: label.column, "\(name): argument '\(label.text)' is given twice")
            }
            slots[index] = argumentIndex
        }
        var nextFree = 0
        for argumentIndex in arguments.indices where arguments[argumentIndex].label == nil {
            while nextFree < slots.count && slots[nextFree] >= 0 { nextFree += 1 }
            guard nextFree < slots.count else {
                let value = arguments[argumentIndex].value
                let expected = parameters.isEmpty ? "\(name) takes no arguments" : "expected \(signatureText)"
                throw Diagnostic(origin, column: value.column, "\(name): unexpected extra argument \(value.shownInMessage); \(expected)")
            }
            slots[nextFree] = argumentIndex
        }
        let bound = slots
        // The parameters are read where they are in the array: a copy of one would retain its
        // label and copy its default for each argument.
        func field(_ index: Int) throws(Diagnostic) -> StateField {
            let slot = bound[index]
            if slot >= 0 {
                return StateField(parameters[index].label, try convert(arguments[slot].value, toParameter: index, origin: origin))
            } else if let defaultValue = parameters[index].defaultValue {
                return StateField(parameters[index].label, defaultValue)
            }
            throw Diagnostic(
                origin, column: endColumn,
                "\(name): missing argument '\(parameters[index].label)' (\(parameters[index].typeName)); expected \(signatureText)")
        }
        return CommandArguments(try makeArray(count: parameters.count, field))
    }

    /// Converts a literal to the type of parameter `index`, or explains why it cannot: the one
    /// table of what a value written in a line may be bound to.
    private func convert(_ literal: ValueLiteral, toParameter index: Int, origin: LineOrigin) throws(Diagnostic) -> StateValue {
        switch (parameters[index].type, literal.kind) {
        case (_, .nil) where parameters[index].isOptional: return .null
        case (.int, .int(let value)): return .int(value)
        case (.double, .int(let value)): return .double(Double(value))
        case (.double, .double(let value)): return .double(value)
        case (.bool, .bool(let value)): return .bool(value)
        case (.string, .string(let value)): return .string(value)
        case (.string, .word), (.string, .int), (.string, .double), (.string, .bool): return .string(literal.text)
        default:
            let parameter = parameters[index]
            let shown: String
            if case .nil = literal.kind { shown = "nil (the parameter is not optional)" } else { shown = literal.shownInMessage }
            throw Diagnostic(origin, column: literal.column, "\(name): argument '\(parameter.label)' expects \(parameter.typeName), got \(shown)")
        }
    }
}

/// For each parameter of a command being bound, the index of the argument bound to it, or -1:
/// in place for the first eight (all of most commands'), so that binding a line allocates
/// nothing for them; in an array beyond.
struct ParameterSlots {
    private static let inPlace = 8
    private var first = InlineArray<8, Int>(repeating: -1)
    private var rest: [Int]
    /// How many parameters there are.
    let count: Int

    /// `count` slots, each -1.
    init(count: Int) {
        self.count = count
        rest = count > Self.inPlace ? Array(repeating: -1, count: count - Self.inPlace) : []
    }

    subscript(parameter: Int) -> Int {
        get { parameter < Self.inPlace ? first[parameter] : rest[parameter - Self.inPlace] }
        set {
            if parameter < Self.inPlace { first[parameter] = newValue } else { rest[parameter - Self.inPlace] = newValue }
        }
    }
}

/// The array of `count` elements made by `element` from their indices. One or two elements (most
/// lines' arguments) as array literals, which are allocated at their size directly;
/// `reserveCapacity` on an empty array, and `init(unsafeUninitializedCapacity:)`, take generic
/// paths that cost several times more.
@inline(__always)
func makeArray<Element, Failure: Error>(count: Int, _ element: (Int) throws(Failure) -> Element) throws(Failure) -> [Element] {
    switch count {
    case 0: return []
    case 1: return [try element(0)]
    case 2: return [try element(0), try element(1)]
    default:
        var all: [Element] = []
        all.reserveCapacity(count)
        for index in 0..<count { all.append(try element(index)) }
        return all
    }
}
