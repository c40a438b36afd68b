/// Parses the durations of `:wait`, `:advance` and `:sleep`: `250ms`, `2s`, `1.5s`, `1m`.
public enum DurationSyntax {
    /// The accepted units and their length in nanoseconds.
    static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
    ]

    /// What `text` is as a duration.
    enum Reading: Equatable {
        /// A duration.
        case duration(Duration)
        /// A number and a unit, longer than a duration can be (over 2^63 - 1 nanoseconds, about
        /// 292 years).
        case tooLarge
        /// A number followed by something that is not a unit (`10d`).
        case unknownUnit(String)
        /// Anything else.
        case malformed
    }

    /// The duration written as `text`, or nil when it is not a number (digits, optionally `.digits`)
    /// followed by `ms`, `s`, `m` or `h`, or when it is too long to represent.
    public static func parse(_ text: String) -> Duration? {
        if case .duration(let duration) = read(text) { duration } else { nil }
    }

    /// Reads `text` as a number (digits, optionally `.digits`) followed by `ms`, `s`, `m` or `h`.
    static func read(_ text: String) -> Reading {
        guard let unitStart = text.firstIndex(where: { !$0.isASCII || !($0.isNumber || $0 == ".") }) else { return .malformed }
        let number = text[..<unitStart]
        let suffix = text[unitStart...]
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, parts.count == 1 || !parts[1].isEmpty else { return .malformed }
        guard let unit = units.first(where: { $0.suffix == suffix }) else { return .unknownUnit(String(suffix)) }
        // Digits only (the number ends at the first character that is not a digit or a dot):
        // Int64 fails only past its largest value.
        guard let wholeValue = Int64(whole) else { return .tooLarge }
        var (nanoseconds, overflow) = wholeValue.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow else { return .tooLarge }
        if parts.count == 2 {
            var scale = unit.nanoseconds
            for digit in parts[1].prefix(18) {
                scale /= 10
                guard scale > 0 else { break }
                (nanoseconds, overflow) = nanoseconds.addingReportingOverflow(Int64(digit.wholeNumberValue ?? 0) * scale)
                guard !overflow else { return .tooLarge }
            }
        }
        return .duration(.nanoseconds(nanoseconds))
    }

    /// The error text for a bad duration: too large, a unit that is none, or not a duration at all.
    static func errorMessage(_ text: String, command: String) -> String {
        switch read(text) {
        case .tooLarge:
            "\(command): '\(text)' is too large: a DURATION is at most \(largestHours)h (about 292 years)"
        case .unknownUnit(let unit):
            "\(command) expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '\(text)': '\(unit)' is not a unit (ms, s, m or h)"
        case .duration, .malformed:
            "\(command) expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '\(text)'"
        }
    }

    /// The whole hours in ``largest``.
    static let largestHours = Int64.max / units[3].nanoseconds

    /// A duration written back exactly in the language's form: `250ms` below a second, else `1.5s`, `2s`, or `2m`.
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let totalNanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if totalNanoseconds % 60_000_000_000 == 0 && totalNanoseconds != 0 { return "\(totalNanoseconds / 60_000_000_000)m" }
        if totalNanoseconds % 1_000_000_000 == 0 { return "\(totalNanoseconds / 1_000_000_000)s" }
        if totalNanoseconds < 1_000_000_000 && totalNanoseconds % 1_000_000 == 0 { return "\(totalNanoseconds / 1_000_000)ms" }
        var fraction = String(totalNanoseconds % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(totalNanoseconds / 1_000_000_000).\(fraction)s"
    }
}
