#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The explorer's source of randomness: SplitMix64, written out here so that the same seed gives
/// the same sequences on every machine and Swift version (the standard library's generators make
/// no such promise, and Foundation's are not seedable).
public struct ExploreRandom: Sendable {
    private var state: UInt64

    /// A generator whose whole output is decided by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The generator of run `run` of an exploration seeded with `seed`: each run has its own, so
    /// one run can be made again alone (a trap is replayed that way).
    public init(seed: UInt64, run: Int) {
        var mixer = ExploreRandom(seed: seed &+ UInt64(truncatingIfNeeded: run) &* 0xD1B5_4A32_D192_ED03)
        state = mixer.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), without modulo bias.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "ExploreRandom.below needs a positive bound")
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let value = next()
            if value >= threshold { return Int(value % limit) }
        }
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        if width == .max { return Int(truncatingIfNeeded: next()) }
        if width >= UInt64(Int.max) {
            // Wider than `below` takes: draw from the whole span.
            while true {
                let value = next()
                if value <= width { return range.lowerBound &+ Int(truncatingIfNeeded: value) }
            }
        }
        return range.lowerBound &+ below(Int(width) + 1)
    }

    /// True with probability `numerator` / `denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// One element of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// The seed of a fresh exploration when none was given: from the clock and the process id,
    /// printed by the explorer so the run can be repeated.
    static func freshSeed() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var mixer = ExploreRandom(seed: UInt64(truncatingIfNeeded: now.tv_nsec) ^ UInt64(truncatingIfNeeded: now.tv_sec) << 20
            ^ UInt64(truncatingIfNeeded: getpid()) << 44)
        return mixer.next() >> 16  // short enough to type back
    }
}
