/// A size in bytes as typed: `1048576`, `512KiB`, `64MiB`, `1GiB` (also `K`, `M`, `G`, `T`, `KB`,
/// `MB`, `GB`, `TB`, `TiB`, all as powers of 1,024).
struct ByteSize: Equatable {
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// The units, largest first, with their factors.
    static let units: [(suffixes: [String], factor: Int)] = [
        (["TiB", "TB", "T"], 1 << 40), (["GiB", "GB", "G"], 1 << 30), (["MiB", "MB", "M"], 1 << 20),
        (["KiB", "KB", "K"], 1 << 10), (["B", ""], 1),
    ]

    /// What `text` says: a size, a size too large for an `Int`, or nothing of the kind.
    enum Reading: Equatable {
        case size(Int)
        case tooLarge
        case notASize
    }

    /// Reads `text`: digits (no sign, no spaces) and an optional unit.
    static func read(_ text: String) -> Reading {
        for unit in units {
            for suffix in unit.suffixes where text.hasSuffix(suffix) {
                let digits = text.utf8.dropLast(suffix.utf8.count)
                guard !digits.isEmpty, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { continue }
                guard let count = Int(Substring(digits)) else { return .tooLarge }
                let (bytes, overflow) = count.multipliedReportingOverflow(by: unit.factor)
                return overflow ? .tooLarge : .size(bytes)
            }
        }
        return .notASize
    }

    /// `bytes` in the largest unit that divides it exactly: `1GiB`, `64KiB`, `1000`.
    static func format(_ bytes: Int) -> String {
        for unit in units.dropLast() where bytes != 0 && bytes % unit.factor == 0 {
            return "\(bytes / unit.factor)\(unit.suffixes[0])"
        }
        return String(bytes)
    }
}
