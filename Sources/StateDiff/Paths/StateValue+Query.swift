/// Why a path could not be read from a state.
public struct StateQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path that was asked for.
    public var path: StatePath
    /// What went wrong, e.g. `no field 'foo' in state; fields: value, isLoading, alertMessage`
    /// or `index 5 out of range: repos has 3 elements`.
    public var message: String

    /// Creates an error for `path`.
    public init(path: StatePath, message: String) {
        self.path = path
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension StateValue {
    /// The value at `path`. `count` after an array or a string is its length (elements or
    /// characters) unless the value is an object with a field named `count`.
    /// Throws `StateQueryError` saying which step failed and what is there instead.
    public func value(at path: StatePath) throws -> StateValue {
        // Never nil when not lenient.
        try walk(path, lenient: false)!
    }

    /// Checks that `path` can name a value in a state shaped like this one (its shape, not its
    /// contents): throws the `StateQueryError` ``value(at:)`` would for a field that is not
    /// there or a step into a value of the wrong kind. What the contents decide is accepted: an
    /// index past the end of an array (its elements are taken to be shaped like its first one),
    /// anything under an empty array or under `nil` (an optional that may hold a value later).
    public func checkShape(of path: StatePath) throws {
        _ = try walk(path, lenient: true)
    }

    /// The value at `path`, or nil when `lenient` and the rest of the path lies where the shape is
    /// not known (see ``checkShape(of:)``).
    private func walk(_ path: StatePath, lenient: Bool) throws -> StateValue? {
        var current = self
        var walked = StatePath()
        for component in path.components {
            let location = walked.isRoot ? "state" : walked.description
            switch (component, current) {
            case (_, .null) where lenient:
                return nil
            case (.key(let key), .object(let fields)):
                guard let field = fields.first(where: { $0.key == key }) else {
                    let names = fields.isEmpty ? "it has none" : "fields: " + fields.map(\.key).joined(separator: ", ")
                    throw StateQueryError(path: path, message: "no field '\(key)' in \(location); \(names)")
                }
                current = field.value
            case (.key("count"), .array(let elements)):
                current = .int(elements.count)
            case (.key("count"), .string(let text)):
                current = .int(text.count)
            case (.key(let key), .array):
                throw StateQueryError(path: path, message: "\(location) is an array: use an index like \(location)[0] or \(location).count, not '\(key)'")
            case (.key(let key), _):
                throw StateQueryError(path: path, message: "\(location) is \(current.kindDescription), it has no field '\(key)'")
            case (.index(let index), .array(let elements)):
                guard index >= 0 && index < elements.count else {
                    if lenient && index >= 0 {
                        guard let first = elements.first else { return nil }
                        current = first
                        break
                    }
                    let size = elements.count == 1 ? "1 element" : "\(elements.count) elements"
                    throw StateQueryError(path: path, message: "index \(index) out of range: \(location) has \(size)")
                }
                current = elements[index]
            case (.index(let index), _):
                throw StateQueryError(path: path, message: "\(location) is \(current.kindDescription), not an array; cannot read [\(index)]")
            }
            walked.components.append(component)
        }
        return current
    }

    /// The paths under this value, for completion: each field, each array's `count`, and
    /// the elements of arrays (the first `maxElements` of each), down to `maxDepth` levels.
    /// Parents come before their children.
    public func paths(maxDepth: Int = 4, maxElements: Int = 10) -> [StatePath] {
        var result: [StatePath] = []
        collectPaths(into: &result, prefix: StatePath(), depth: maxDepth, maxElements: maxElements)
        return result
    }

    private func collectPaths(into result: inout [StatePath], prefix: StatePath, depth: Int, maxElements: Int) {
        guard depth > 0 else { return }
        switch self {
        case .object(let fields):
            for field in fields {
                let path = prefix.appending(key: field.key)
                result.append(path)
                field.value.collectPaths(into: &result, prefix: path, depth: depth - 1, maxElements: maxElements)
            }
        case .array(let elements):
            result.append(prefix.appending(key: "count"))
            for (index, element) in elements.prefix(maxElements).enumerated() {
                let path = prefix.appending(index: index)
                result.append(path)
                element.collectPaths(into: &result, prefix: path, depth: depth - 1, maxElements: maxElements)
            }
        default:
            return
        }
    }

    /// `an Int`, `a String`, `nil`, … for messages.
    var kindDescription: String {
        switch self {
        case .null: return "nil"
        case .array: return "an array"
        case .object: return "an object"
        case .int: return "an Int"
        default: return "a \(kindName)"
        }
    }
}
