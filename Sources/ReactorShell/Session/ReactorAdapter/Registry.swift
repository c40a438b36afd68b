import ReactorCore

/// The reactors a shell can load, in order (the first is loaded at start unless `--reactor` says).
public struct Registry: Sendable {
    /// The entries, in order.
    public var entries: [RegistryEntry]

    /// A registry of `entries`.
    public init(_ entries: [RegistryEntry]) {
        self.entries = entries
    }

    /// The entry named `name`, if any.
    public func entry(named name: String) -> RegistryEntry? {
        entries.first { $0.name == name }
    }

    /// The entry names, in order.
    public var names: [String] { entries.map(\.name) }

    /// `registry` followed by `more` (a later entry with an existing name replaces it).
    public static func + (registry: Registry, more: [RegistryEntry]) -> Registry {
        var result = registry
        for entry in more {
            if let index = result.entries.firstIndex(where: { $0.name == entry.name }) {
                result.entries[index] = entry
            } else {
                result.entries.append(entry)
            }
        }
        return result
    }
}
