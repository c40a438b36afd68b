#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an explored sequence failed.
public enum ExploreFailure: Sendable, Hashable {
    /// An invariant broke: its name, the `PATH OP VALUE` that fails on the state, and what was found.
    case invariant(name: String, expectation: String, detail: String)
    /// A line failed (without `--allow-errors`): the error message.
    case error(message: String)
    /// The reactor trapped (the process died of signal `signal`) while running a line.
    case trap(signal: Int32)

    /// Whether `other` is a failure of the same kind (what a shrunk candidate must keep): the same
    /// invariant; an error of the same wording (numbers and quoted text aside); a trap of the
    /// same signal.
    func isSameKind(as other: ExploreFailure) -> Bool {
        switch (self, other) {
        case let (.invariant(name, _, _), .invariant(otherName, _, _)): name == otherName
        case let (.error(message), .error(otherMessage)): Self.shape(message) == Self.shape(otherMessage)
        case let (.trap(signal), .trap(otherSignal)): signal == otherSignal
        default: false
        }
    }

    /// `message` without its numbers and quoted parts: the wording of the error.
    static func shape(_ message: String) -> String {
        var result = ""
        var inQuote: Character?
        for character in message {
            if let quote = inQuote {
                if character == quote { inQuote = nil }
                continue
            }
            if character == "'" || character == "\"" {
                inQuote = character
                result.append("…")
            } else if character.isNumber {
                if result.last != "#" { result.append("#") }
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// One line for the report: `invariant 'home >= 0' broke (actual: -1)`.
    public var summary: String {
        switch self {
        case let .invariant(name, _, detail): "invariant '\(name)' broke (\(detail))"
        case let .error(message): "a line failed: \(message)"
        case let .trap(signal): "the reactor trapped (signal \(signal): \(Self.signalName(signal)))"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        default: "signal \(signal)"
        }
    }
}
