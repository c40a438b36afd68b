@testable import StateDiff
import Testing

/// The checks that read text a word at a time give what a byte-by-byte reading gives.
@Suite("Byte scans")
struct ByteScanTests {
    /// Bytes drawn mostly from the edges of the ranges the checks tell apart.
    private static let interesting: [UInt8] = [
        0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5C, 0x5E,
        0x5F, 0x60, 0x61, 0x7A, 0x7B, 0x7E, 0x7F, 0x80, 0xAF, 0xB0, 0xBA, 0xC1, 0xDF, 0xE1, 0xFF,
    ]

    /// Random byte strings of every length up to 40, mostly of identifier bytes so that both
    /// answers come up, with one byte from anywhere put somewhere.
    private static func samples() -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        let plain = Array("abcxyzABCXYZ_0189".utf8)
        var samples: [[UInt8]] = []
        for length in 0...40 {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in plain.randomElement(using: &generator)! }
                if length > 0, Bool.random(using: &generator) {
                    let byte = Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                    bytes[Int.random(in: 0..<length, using: &generator)] = byte
                }
                samples.append(bytes)
            }
        }
        for byte in UInt8.min...UInt8.max {
            for length in [1, 3, 4, 7, 8, 9, 15, 16, 17] {
                for position in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    samples.append(bytes)
                }
            }
        }
        return samples
    }

    @Test func identifierCheckMatchesTheByteByByteReading() {
        // A byte of a non-ASCII scalar sends the string to the scalar-by-scalar check (which escapes
        // the invisible controls, `isInvisibleControl`).
        func reference(_ bytes: [UInt8]) -> Bool {
            func isLetter(_ byte: UInt8) -> Bool {
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            }
            guard let first = bytes.first, isLetter(first) else { return false }
            return bytes.dropFirst().allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
        }
        for bytes in Self.samples() {
            #expect(bytes.withUnsafeBufferPointer(isASCIIIdentifier) == reference(bytes), "\(bytes)")
        }
    }

    @Test func literalEscapeCheckMatchesTheByteByByteReading() {
        // A byte of a non-ASCII scalar sends the string to the scalar-by-scalar check (which escapes
        // the invisible controls, `isInvisibleControl`).
        func reference(_ bytes: [UInt8]) -> Bool {
            bytes.contains { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        for bytes in Self.samples() {
            #expect(bytes.withUnsafeBufferPointer { containsEscape($0, LiteralEscapes.self) } == reference(bytes), "\(bytes)")
        }
    }

    @Test func jsonEscapeCheckMatchesTheByteByByteReading() {
        func reference(_ bytes: [UInt8]) -> Bool {
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        for bytes in Self.samples() {
            #expect(bytes.withUnsafeBufferPointer { containsEscape($0, JSONStringEscapes.self) } == reference(bytes), "\(bytes)")
        }
    }

    @Test func plainStringsAreCopiedWholeAndOthersLeftAlone() {
        // What the checked appends of `TextBuffer` write: the bytes (with their separator or
        // quotes) when the check passes, nothing when it does not (the caller then escapes).
        func appended(_ append: (inout TextBuffer) -> Bool) -> String? {
            var buffer = TextBuffer(capacity: 4)
            buffer.append("<")
            let done = append(&buffer)
            #expect(done || buffer.string == "<")
            return done ? String(buffer.string.dropFirst()) : nil
        }
        #expect(appended { $0.appendIfIdentifier("title") } == "title")
        #expect(appended { $0.appendIfIdentifier("_a1", after: UInt8(ascii: "/")) } == "/_a1")
        #expect(appended { $0.appendIfIdentifier("a_much_longer_identifier_2", after: UInt8(ascii: ".")) } == ".a_much_longer_identifier_2")
        for text in ["", "1a", "odd key", "café", "a-b"] { #expect(appended { $0.appendIfIdentifier(text) } == nil, "\(text)") }
        #expect(appended { $0.appendIfNoEscape("plain text, long enough for words", JSONStringEscapes.self, quoted: true) } == "\"plain text, long enough for words\"")
        #expect(appended { $0.appendIfNoEscape("", JSONStringEscapes.self, quoted: true) } == "\"\"")
        #expect(appended { $0.appendIfNoEscape("café", JSONStringEscapes.self, quoted: false) } == "café")
        for text in ["a\"b", "tab\there", "back\\slash"] { #expect(appended { $0.appendIfNoEscape(text, JSONStringEscapes.self, quoted: true) } == nil, "\(text)") }
        #expect(appended { $0.appendIfNoEscape("no escapes at all here", LiteralEscapes.self, quoted: false) } == "no escapes at all here")
        for text in ["café", "del\u{7F}", "a\"b"] { #expect(appended { $0.appendIfNoEscape(text, LiteralEscapes.self, quoted: true) } == nil, "\(text)") }
    }

    /// Pieces are copied with overlapping word loads up to 32 bytes, 16-byte ones up to 64, and by
    /// `memmove` beyond: each length gives its bytes in order after what was written, whatever
    /// the offset it lands at.
    @Test func piecesOfEveryLengthAreCopiedExactly() {
        for length in 0...72 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            for lead in 1...3 {
                var buffer = TextBuffer(capacity: 4)
                buffer.append(UInt8(ascii: "<"), times: lead)
                buffer.append(piece)
                buffer.append(copyOf: lead..<buffer.count)
                var bytes: [UInt8] = []
                buffer.appendBytes(to: &bytes)
                #expect(bytes == [UInt8](repeating: UInt8(ascii: "<"), count: lead) + piece + piece, "length \(length)")
            }
        }
    }

    @Test func digitCountsAreRightAtEveryPowerOfTen() {
        var power: UInt = 1
        for digits in 1...20 {
            #expect(DecimalDigits.count(power) == digits)
            if digits > 1 { #expect(DecimalDigits.count(power - 1) == digits - 1) }
            if power <= UInt.max / 10 { power *= 10 } else { break }
        }
        #expect(DecimalDigits.count(0) == 1)
        #expect(DecimalDigits.count(UInt.max) == 20)
    }

    /// The digits appended (counted from the bit length, written in pairs from the end) against
    /// `String(_:)`: every power of ten and its neighbours, the extremes, and a spread of numbers
    /// of every length, after a byte or none.
    @Test func appendedNumbersAreTheirDecimalText() {
        var numbers: [Int] = [0, 1, 9, 10, 99, 100, Int.max, Int.min, Int.min + 1, -1, -9, -10]
        var power = 1
        for _ in 1...18 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power, 2 * power - 1, 9 * power + 9]
        }
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            numbers.append(Int(truncatingIfNeeded: value) >> Int(value % 63))
        }
        for number in numbers {
            for lead in 0...1 {
                var buffer = TextBuffer(capacity: 4)
                buffer.append(UInt8(ascii: "<"), times: lead)
                buffer.append(number)
                buffer.append(UInt8(ascii: ">"))
                #expect(buffer.string == String(repeating: "<", count: lead) + String(number) + ">")
            }
        }
    }
}
