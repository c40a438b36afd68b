import ReactorShell
import StateDiff

/// Small readers the built-ins' invariants share.
enum ExploreChecks {
    /// The Int at `path` (nil when it is not an Int).
    @MainActor
    static func int(_ probe: ExploreProbe, _ path: String, before: Bool = false) -> Int? {
        guard case .int(let value)? = try? (before ? probe.before(path) : probe.value(path)) else { return nil }
        return value
    }

    /// The command of the action line just checked, when it waited for its effects (no ` &`)
    /// and started with none running: the lines whose whole effect a rule can predict.
    @MainActor
    static func settledCommand(_ probe: ExploreProbe) -> String? {
        let line = probe.line
        guard probe.wasQuiescent, !line.hasPrefix(":"), !line.hasSuffix("&") else { return nil }
        return line.split(separator: " ").first.map(String.init)
    }
}
