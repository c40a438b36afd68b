import ArgumentParser

/// A size in bytes as typed on the command line: `1048576`, `512KiB`, `64MiB`, `1GiB`
/// (also `K`, `M`, `G`, `KB`, `MB`, `GB`, all as powers of 1,024).
struct ByteSize: ExpressibleByArgument, Equatable {
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        let units: [(suffixes: [String], factor: Int)] = [
            (["GiB", "GB", "G"], 1 << 30), (["MiB", "MB", "M"], 1 << 20), (["KiB", "KB", "K"], 1 << 10), (["B", ""], 1),
        ]
        for unit in units {
            for suffix in unit.suffixes where argument.hasSuffix(suffix) {
                let digits = argument.dropLast(suffix.count)
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits), count >= 0 else { continue }
                let (bytes, overflow) = count.multipliedReportingOverflow(by: unit.factor)
                guard !overflow else { return nil }
                self.bytes = bytes
                return
            }
        }
        return nil
    }
}
