/// Numbers the shell's events and frames each one as the Server-Sent Event that serves it:
/// `id: N`, then `data: ` and the event's JSON object with `"seq":N` put first, then a blank line.
/// The writer's half of ``EventLog``: the events of a read are framed here, outside the lock that
/// the streams take, and only then added to the ``EventStreamText`` they read.
struct EventFramer {
    /// How many bytes of events a piece of text holds at most (one larger event gets one of its own):
    /// each piece is handed to a stream whole, and copied twice more on its way to the socket.
    static let pieceLimit = 256 * 1024

    /// The text of some events, one after the other, and where each ends in it.
    struct Piece {
        var text: [UInt8]
        var ends: [Int]
    }

    /// The number of events framed (the last one's `seq`).
    private(set) var count = 0
    /// The start of the last event's text, `id: N` `\n` `data: {"seq":N,`, counted up in place
    /// for the next one (N's digits end at ``idDigitsEnd`` and before the comma).
    private var header = Array("id: 0\ndata: {\"seq\":0,".utf8)
    private var idDigitsEnd = 5

    /// The events whose JSON objects (each from `{` to `}`) are at `objects` in `lines`, numbered
    /// from `count + 1`, in pieces of at most about ``pieceLimit`` bytes.
    mutating func frame(_ objects: [Range<Int>], of lines: ArraySlice<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var first = objects.startIndex
        while first < objects.endIndex {
            // As many events as fit the limit (one at least), and room for all of them.
            var end = first, size = 0
            let frame = frameSize(largest: count + objects.count)
            repeat {
                size += objects[end].count + frame
                end += 1
            } while end < objects.endIndex && size + objects[end].count + frame <= Self.pieceLimit
            pieces.append(piece(objects[first..<end], of: lines, size: size))
            first = end
        }
        return pieces
    }

    /// The events of `objects` in `lines`, in a text of at most `size` bytes.
    private mutating func piece(_ objects: ArraySlice<Range<Int>>, of lines: ArraySlice<UInt8>, size: Int) -> Piece {
        var text: [UInt8] = [], ends: [Int] = []
        text.reserveCapacity(size)
        ends.reserveCapacity(objects.count)
        for object in objects {
            countUp()
            text.append(contentsOf: header)
            // After `{`: `"seq":N,`, without the comma when the object is empty (`{}`, `{ }`).
            let rest = lines[(object.lowerBound + 1)..<object.upperBound]
            if rest.first(where: { $0 != UInt8(ascii: " ") }) ?? UInt8(ascii: "}") == UInt8(ascii: "}") {
                text.removeLast()
            }
            if object.upperBound < lines.endIndex {
                text.append(contentsOf: lines[(object.lowerBound + 1)...object.upperBound])  // with its line break
            } else {
                text.append(contentsOf: rest)
                text.append(10)
            }
            text.append(10)
            ends.append(text.count)
        }
        return Piece(text: text, ends: ends)
    }

    /// At least the bytes an event's frame adds to its object, for events numbered up to `largest`:
    /// `id: N\ndata: {"seq":N,` and `\n\n` for the object's `{`.
    private func frameSize(largest: Int) -> Int {
        "id: \ndata: {\"seq\":,".utf8.count + 2 * String(largest).utf8.count + 2 - 1
    }

    /// Adds one to ``count`` and to both numbers in ``header``.
    private mutating func countUp() {
        count += 1
        var index = idDigitsEnd - 1
        while header[index] == UInt8(ascii: "9") {
            header[index] = UInt8(ascii: "0")
            index -= 1
        }
        if header[index] == UInt8(ascii: " ") {
            // All nines: one digit more (`id: 99` -> `id: 100`).
            let zeros = Array(repeating: UInt8(ascii: "0"), count: idDigitsEnd - index - 1)
            header = Array("id: 1".utf8) + zeros + Array("\ndata: {\"seq\":1".utf8) + zeros + [UInt8(ascii: ",")]
            idDigitsEnd += 1
            return
        }
        header[index] += 1
        // The second number, digit for digit.
        for digit in index..<idDigitsEnd { header[header.count - 1 - idDigitsEnd + digit] = header[digit] }
    }
}
