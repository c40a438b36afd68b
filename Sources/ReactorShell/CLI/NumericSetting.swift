/// The one parser of the shell's numeric settings, command-line options and environment variables
/// alike (`--max-line-length`, `--time-travel-memory`, `REACTOR_SHELL_HISTSIZE`): each has bounds,
/// which its `--help` line states and its usage error names, and a value is checked against them
/// before anything computes with it (so `Int.max` is refused, not carried into an `n + 1`).
struct NumericSetting: Sendable {
    /// What the number counts.
    enum Unit: Sendable {
        /// Bytes, written with an optional unit (`64MiB`, see ``ByteSize``).
        case bytes
        /// Entries (digits only).
        case entries
    }

    /// How the setting is named in messages: `--max-line-length`, `REACTOR_SHELL_HISTSIZE`.
    let name: String
    /// The accepted values.
    let range: ClosedRange<Int>
    /// What the number counts.
    let unit: Unit

    /// `--max-line-length`: 1 byte to 1 GiB.
    static let maximumLineLength = NumericSetting(name: "--max-line-length", range: 1...(1 << 30), unit: .bytes)
    /// `--time-travel-memory`: 0 to 1 TiB.
    static let timeTravelMemory = NumericSetting(name: "--time-travel-memory", range: 0...(1 << 40), unit: .bytes)

    /// The history size variable `name` (`REACTOR_SHELL_HISTSIZE`): 0 to 1,000,000 entries.
    static func historySize(_ name: String) -> NumericSetting {
        NumericSetting(name: name, range: 0...1_000_000, unit: .entries)
    }

    /// The bounds as help and errors show them: `1 to 1GiB (bytes)`, `0 to 1000000 (entries)`.
    var bounds: String {
        switch unit {
        case .bytes: "\(ByteSize.format(range.lowerBound)) to \(ByteSize.format(range.upperBound)) (bytes)"
        case .entries: "\(range.lowerBound) to \(range.upperBound) (entries)"
        }
    }

    /// The value `text` gives, or the usage error's message.
    func parse(_ text: String) -> Result<Int, NumericSettingError> {
        let isNegative = text.hasPrefix("-")
        switch read(isNegative ? String(text.dropFirst()) : text) {
        case .size(let value) where !isNegative && range.contains(value):
            return .success(value)
        case .size, .tooLarge:
            return .failure(NumericSettingError(message: "\(name) must be \(bounds), found '\(text.prefix(80))'"))
        case .notASize:
            let kind = unit == .bytes ? "a size in bytes such as 1048576 or 64MiB" : "a number of entries"
            return .failure(NumericSettingError(message: "\(name) expects \(kind), found '\(text.prefix(80))'"))
        }
    }

    /// Reads `text` (without a sign) in this setting's unit.
    private func read(_ text: String) -> ByteSize.Reading {
        switch unit {
        case .bytes:
            return ByteSize.read(text)
        case .entries:
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return .notASize }
            return Int(text).map(ByteSize.Reading.size) ?? .tooLarge
        }
    }
}

/// A numeric setting's value out of its bounds or not a number: a usage error.
struct NumericSettingError: Error, Equatable, CustomStringConvertible {
    /// The one-line message.
    let message: String
    var description: String { message }
}
