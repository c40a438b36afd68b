/// Parses the durations of `:wait`, `:advance` and `:sleep`: `250ms`, `2s`, `1.5s`, `1m`.
public enum DurationSyntax {
    /// The accepted units and their length in nanoseconds.
    static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
    ]

    /// The duration written as `text`, or nil when it is not a number (digits, optionally `.digits`)
    /// followed by `ms`, `s`, `m` or `h`, or when it is too long to represent.
    public static func parse(_ text: String) -> Duration? {
        guard let unitStart = text.firstIndex(where: { !$0.isASCII || !($0.isNumber || $0 == ".") }) else { return nil }
        let number = text[..<unitStart]
        let suffix = text[unitStart...]
        guard let unit = units.first(where: { $0.suffix == suffix }) else { return nil }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII) else { return nil }
        guard let wholeValue = Int64(whole) else { return nil }
        var (nanoseconds, overflow) = wholeValue.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            var scale = unit.nanoseconds
            for digit in fraction.prefix(18) {
                scale /= 10
                guard scale > 0 else { break }
                (nanoseconds, overflow) = nanoseconds.addingReportingOverflow(Int64(digit.wholeNumberValue ?? 0) * scale)
                guard !overflow else { return nil }
            }
        }
        return .nanoseconds(nanoseconds)
    }

    /// The error text for a bad duration.
    static func errorMessage(_ text: String, command: String) -> String {
        "\(command) expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '\(text)'"
    }

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
