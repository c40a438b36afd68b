@testable import StateDiff
import Testing

/// Internals of the encoder that no test of its results reaches.
@Suite("Encoder internals")
struct EncoderInternalsTests {
    @Test func keyedContainersCanBeKeptAndReused() {
        #expect(keyedContainerIsOneReference)
    }

    /// A frame's generation wraps around without frame ids turning negative (negative
    /// targets are cached containers): after 2³¹ encodings, values are still whole.
    @Test func frameGenerationsWrapAround() throws {
        let session = EncodingSession()
        let state = CounterState(value: 1, isLoading: true, alertMessage: "a")
        let expected = try StateValue(encoding: state)
        #expect(try session.encodeRoot(state) == expected)
        for slot in session.storage.pointee.frames.indices {
            session.storage.pointee.frames[slot].generation = 0x7FFF_FFFD
        }
        for _ in 0..<6 { #expect(try session.encodeRoot(state) == expected) }
        #expect(session.storage.pointee.frames[0].generation < 8)
    }
}
