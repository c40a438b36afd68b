import ArgumentParser

/// The one parser of the shell's numeric settings, command-line options and environment variables
/// alike (`--max-line-length`, `--time-travel-memory`, `--serve-port`, `test -j`, `explore --runs`,
/// `--steps` and `--seed`, `REACTOR_SHELL_HISTSIZE`, `COLUMNS`): each has bounds,
/// which its `--help` line states and its usage error names, and a value is checked against them
/// before anything computes with it (so `Int.max` is refused, not carried into an `n + 1`).
struct NumericSetting: Sendable {
    /// What the number counts.
    enum Unit: Sendable {
        /// Bytes, written with an optional unit (`64MiB`, see ``ByteSize``).
        case bytes
        /// A count of things named by the noun (`entries`, `runs`): digits only.
        case count(String)
        /// A number that counts nothing (a port, a seed): digits only.
        case number
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
        NumericSetting(name: name, range: 0...1_000_000, unit: .count("entries"))
    }

    /// `COLUMNS`, the terminal's width as its shell exports it: 1 to 65,535 columns (a terminal
    /// reports its width in 16 bits). A value past them is ignored for the terminal's own width,
    /// not a usage error: it comes from the terminal's environment, not from the command line.
    static let terminalColumns = NumericSetting(name: "COLUMNS", range: 1...65_535, unit: .count("columns"))

    /// `--serve-port`: 0 (any free port) to 65535.
    static let servePort = NumericSetting(name: "--serve-port", range: 0...65_535, unit: .number)
    /// `test -j`: 1 to 1024 processes at once.
    static let testJobs = NumericSetting(name: "-j", range: 1...1_024, unit: .count("processes"))
    /// `explore --runs`: 1 to 100,000,000 sequences.
    static let exploreRuns = NumericSetting(name: "--runs", range: 1...100_000_000, unit: .count("runs"))
    /// `explore --steps`: 1 to 100,000 lines a sequence (a sequence is kept whole, to be shrunk).
    static let exploreSteps = NumericSetting(name: "--steps", range: 1...100_000, unit: .count("steps"))
    /// `explore --seed`: 0 to 2^63 - 1 (a fresh seed is below 2^48).
    static let exploreSeed = NumericSetting(name: "--seed", range: 0...Int.max, unit: .number)

    /// Throws the usage error of the first of `options` (each a setting and its text as typed,
    /// nil when not given) whose text is not a value within its bounds.
    static func validate(_ options: [(NumericSetting, String?)]) throws {
        for case (let setting, let text?) in options {
            if case .failure(let error) = setting.parse(text) { throw ValidationError(error.message + ".") }
        }
    }

    /// The value `text` gives, nil when there is no text or it was refused (by ``validate(_:)``
    /// before this is asked).
    func value(_ text: String?) -> Int? {
        text.flatMap { try? parse($0).get() }
    }

    /// The bounds as help and errors show them: `1 to 1GiB (bytes)`, `0 to 1000000 (entries)`.
    var bounds: String {
        switch unit {
        case .bytes: "\(ByteSize.format(range.lowerBound)) to \(ByteSize.format(range.upperBound)) (bytes)"
        case .count(let noun): "\(range.lowerBound) to \(range.upperBound) (\(noun))"
        case .number: "\(range.lowerBound) to \(range.upperBound)"
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
            let kind = switch unit {
            case .bytes: "a size in bytes such as 1048576 or 64MiB"
            case .count(let noun): "a number of \(noun)"
            case .number: "a whole number"
            }
            return .failure(NumericSettingError(message: "\(name) expects \(kind), found '\(text.prefix(80))'"))
        }
    }

    /// Reads `text` (without a sign) in this setting's unit.
    private func read(_ text: String) -> ByteSize.Reading {
        switch unit {
        case .bytes:
            return ByteSize.read(text)
        case .count, .number:
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
