/// The benchmark harness: times a case several times and prints one line per case —
/// name, median ns per operation, operations per second, ratio to its baseline.

/// Keeps a value alive so the optimizer cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// What the benchmarks' state observers add up, so their work is not optimized away.
///
/// Behind a pointer rather than in a captured `var`: an escaping closure that mutates a captured
/// `var` pays a dynamic exclusivity check on every call (about 75 instructions with its
/// thread-local lookup, more than a whole synchronous dispatch), which is the observer's cost,
/// not the runtime's.
final class ObservedTotal {
    let pointer: UnsafeMutablePointer<Int>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    var value: Int { pointer.pointee }
}

/// Which cases to run: those whose name contains the first command-line argument, or all.
let benchmarkFilter: String? = CommandLine.arguments.dropFirst().first

/// True when the case named `name` passes the command-line filter.
func shouldRun(_ name: String) -> Bool {
    guard let filter = benchmarkFilter else { return true }
    return name.contains(filter)
}

private func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
}

/// Runs `body` (which performs `operations` operations) `runs` times; returns the median ns per operation.
@MainActor
func medianNanoseconds(operations: Int, runs: Int = 9, _ body: () -> Void) -> Double {
    body()  // warm-up
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        body()
        samples.append(nanoseconds(clock.now - start) / Double(operations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The asynchronous variant of `medianNanoseconds(operations:runs:_:)`.
@MainActor
func medianNanoseconds(operations: Int, runs: Int = 9, _ body: () async -> Void) async -> Double {
    await body()  // warm-up
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        await body()
        samples.append(nanoseconds(clock.now - start) / Double(operations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Formats `value` with `digits` decimals, without Foundation.
func formatted(_ value: Double, digits: Int = 1) -> String {
    if !value.isFinite { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

/// Prints one result line: name, median time per operation, operations per second, ratio to the baseline.
func report(_ name: String, nanoseconds: Double, baselineName: String, baselineNanoseconds: Double) {
    let perOp = nanoseconds >= 10_000 ? "\(formatted(nanoseconds / 1000, digits: 2)) µs/op" : "\(formatted(nanoseconds, digits: 1)) ns/op"
    let opsPerSecond = nanoseconds > 0 ? String(Int((1e9 / nanoseconds).rounded())) : "∞"
    let ratio = formatted(nanoseconds / baselineNanoseconds, digits: 1)
    let padded = name.padding(toLength: 44)
    print("\(padded) \(perOp)  \(opsPerSecond) ops/s  \(ratio)× \(baselineName)")
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
