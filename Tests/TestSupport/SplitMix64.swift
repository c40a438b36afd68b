#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A small deterministic random number generator (SplitMix64): seeded, so every run of a
/// property or differential test sees the same cases and a failure can be replayed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0; slightly biased, which tests do not mind).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `elements` (not empty).
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[next(below: elements.count)] }
}
