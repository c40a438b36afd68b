/// An RFC 6902 JSON Patch: the `add` / `remove` / `replace` operations that turn one
/// state's JSON into the next, each `replace` and `remove` also carrying the `old` value.
///
/// `JSONPatch(diff(old, new)).apply(to: old) == new`, and the same holds for the JSON
/// texts: applying the parsed `jsonText` to the old state's parsed JSON gives the new
/// state's parsed JSON.
public struct JSONPatch: Sendable, Hashable {
    /// The operations, applied in order.
    public var operations: [JSONPatchOperation]

    /// A patch made of `operations`.
    public init(operations: [JSONPatchOperation]) {
        self.operations = operations
    }

    /// The patch that performs `changes` (an insert becomes `add`, paths become JSON Pointers).
    public init(_ changes: [StateChange]) {
        operations = changes.map(JSONPatchOperation.init)
    }

    /// Reads a patch from its JSON value (an array of operation objects). Throws `JSONPatchError`.
    public init(jsonValue: StateValue) throws {
        guard case .array(let elements) = jsonValue else {
            throw JSONPatchError("a patch must be a JSON array, found \(jsonValue.kindName)")
        }
        operations = try elements.enumerated().map { position, element in
            try JSONPatchOperation(jsonValue: element, position: position)
        }
    }

    /// The patch as a JSON value: `[{"op":"replace","path":"/isLoading","old":false,"value":true}]`.
    public var jsonValue: StateValue { .array(operations.map(\.jsonValue)) }

    /// The patch as compact JSON text.
    public var jsonText: String {
        renderedText { appendJSON(to: &$0) }
    }

    func appendJSON(to output: inout TextBuffer) {
        output.append("[")
        for (position, operation) in operations.enumerated() {
            if position > 0 { output.append(",") }
            operation.appendJSON(to: &output)
        }
        output.append("]")
    }

    /// `value` with every operation applied in order. Throws `JSONPatchError` naming the
    /// failing operation when a path does not exist (or, for `add`, its parent).
    public func apply(to value: StateValue) throws -> StateValue {
        var result = value
        for (position, operation) in operations.enumerated() {
            do {
                try applyOperation(operation.op, tokens: try pointerTokens(operation.path), value: operation.value, to: &result)
            } catch let failure as JSONPatchError {
                throw JSONPatchError("operation \(position) (\(operation.op.rawValue) \(operation.path)): \(failure.message)")
            }
        }
        return result
    }
}

/// One operation of a `JSONPatch`.
public struct JSONPatchOperation: Sendable, Hashable {
    /// The operation's name.
    public enum Op: String, Sendable, Hashable {
        /// Insert into an array or add / set an object member.
        case add
        /// Remove an array element or an object member.
        case remove
        /// Replace the value at the path.
        case replace
    }

    /// What to do.
    public var op: Op
    /// Where, as a JSON Pointer (`/posts/0/title`; `""` is the whole document).
    public var path: String
    /// The new value (`add`, `replace`).
    public var value: StateValue?
    /// The previous value (`remove`, `replace`), an extension to RFC 6902 that patch readers ignore.
    public var old: StateValue?

    /// Creates an operation.
    public init(op: Op, path: String, value: StateValue? = nil, old: StateValue? = nil) {
        self.op = op
        self.path = path
        self.value = value
        self.old = old
    }

    /// The operation that performs `change`.
    public init(_ change: StateChange) {
        switch change.kind {
        case .insert: self.init(op: .add, path: change.path.jsonPointer, value: change.newValue ?? .null)
        case .remove: self.init(op: .remove, path: change.path.jsonPointer, old: change.oldValue ?? .null)
        case .replace: self.init(op: .replace, path: change.path.jsonPointer, value: change.newValue ?? .null, old: change.oldValue ?? .null)
        }
    }

    init(jsonValue: StateValue, position: Int) throws {
        guard case .string(let name)? = jsonValue["op"] else {
            throw JSONPatchError("operation \(position): missing \"op\" string")
        }
        guard let op = Op(rawValue: name) else {
            throw JSONPatchError("operation \(position): unsupported op \"\(name)\" (add, remove and replace are supported)")
        }
        guard case .string(let path)? = jsonValue["path"] else {
            throw JSONPatchError("operation \(position): missing \"path\" string")
        }
        let value = jsonValue["value"]
        if op != .remove && value == nil { throw JSONPatchError("operation \(position) (\(name) \(path)): missing \"value\"") }
        self.init(op: op, path: path, value: value, old: jsonValue["old"])
    }

    /// The operation as a JSON object (`op`, `path`, then `old` and `value` when present).
    public var jsonValue: StateValue {
        var fields = [StateField("op", .string(op.rawValue)), StateField("path", .string(path))]
        if let old { fields.append(StateField("old", old)) }
        if let value { fields.append(StateField("value", value)) }
        return .object(fields)
    }

    func appendJSON(to output: inout TextBuffer) {
        output.append("{\"op\":\"")
        output.append(op.rawValue)
        output.append("\",\"path\":")
        appendJSONString(path, to: &output)
        if let old {
            output.append(",\"old\":")
            old.appendJSON(to: &output)
        }
        if let value {
            output.append(",\"value\":")
            value.appendJSON(to: &output)
        }
        output.append("}")
    }
}

/// Why a patch could not be read or applied.
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the operation and path.
    public var message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension StateValue {
    /// This value with `changes` applied in order (what `JSONPatch(changes).apply(to:)` does).
    public func applying(_ changes: [StateChange]) throws -> StateValue {
        try JSONPatch(changes).apply(to: self)
    }
}

/// Splits a JSON Pointer into its unescaped reference tokens.
func pointerTokens(_ pointer: String) throws -> [String] {
    if pointer.isEmpty { return [] }
    guard pointer.hasPrefix("/") else { throw JSONPatchError("a JSON Pointer must start with '/'") }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
        token.contains("~") ? String(token).replacing("~1", with: "/").replacing("~0", with: "~") : String(token)
    }
}

/// Applies one operation at `tokens` inside `value`, in place.
private func applyOperation(_ op: JSONPatchOperation.Op, tokens: [String], value newValue: StateValue?, to target: inout StateValue) throws {
    try applyOperation(op, tokens: tokens[...], value: newValue, to: &target)
}

private func applyOperation(_ op: JSONPatchOperation.Op, tokens: ArraySlice<String>, value newValue: StateValue?, to target: inout StateValue) throws {
    guard let token = tokens.first else {
        switch op {
        case .add, .replace: target = newValue ?? .null
        case .remove: target = .null
        }
        return
    }
    let isLast = tokens.count == 1
    if var fields = target.takeFields() {
        defer { target = .object(fields) }
        let index = fields.firstIndex { $0.key == token }
        if isLast {
            switch op {
            case .add:
                if let index { fields[index].value = newValue ?? .null } else { fields.append(StateField(token, newValue ?? .null)) }
            case .replace:
                guard let index else { throw JSONPatchError("no member '\(token)'") }
                fields[index].value = newValue ?? .null
            case .remove:
                guard let index else { throw JSONPatchError("no member '\(token)'") }
                fields.remove(at: index)
            }
        } else {
            guard let index else { throw JSONPatchError("no member '\(token)'") }
            try applyOperation(op, tokens: tokens.dropFirst(), value: newValue, to: &fields[index].value)
        }
    } else if var elements = target.takeElements() {
        defer { target = .array(elements) }
        if isLast && op == .add && token == "-" {
            elements.append(newValue ?? .null)
            return
        }
        guard let index = arrayIndex(token) else { throw JSONPatchError("'\(token)' is not an array index") }
        let limit = isLast && op == .add ? elements.count : elements.count - 1
        guard index <= limit else { throw JSONPatchError("index \(index) out of range (\(elements.count) elements)") }
        if isLast {
            switch op {
            case .add: elements.insert(newValue ?? .null, at: index)
            case .replace: elements[index] = newValue ?? .null
            case .remove: elements.remove(at: index)
            }
        } else {
            try applyOperation(op, tokens: tokens.dropFirst(), value: newValue, to: &elements[index])
        }
    } else {
        throw JSONPatchError("cannot go into \(target.kindName) with '\(token)'")
    }
}

extension StateValue {
    /// The object's fields, leaving `.null` behind so the caller holds the only reference
    /// and can edit them in place (otherwise each edit would copy the whole container).
    mutating func takeFields() -> [StateField]? {
        guard case .object(let fields) = self else { return nil }
        self = .null
        return fields
    }

    /// The array's elements, leaving `.null` behind (see `takeFields`).
    mutating func takeElements() -> [StateValue]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }
}

/// A JSON Pointer array index: `0` or digits without a leading zero.
private func arrayIndex(_ token: String) -> Int? {
    guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
    if token.utf8.count > 1 && token.utf8.first == UInt8(ascii: "0") { return nil }
    return Int(token)
}
