import Testing
@testable import LiveView

@Suite("The live view's event log")
struct EventLogTests {
    /// The events as the shell writes them: one a line.
    private func lines(_ events: [String]) -> ArraySlice<UInt8> {
        Array(events.map { $0 + "\n" }.joined().utf8)[...]
    }

    @Test("numbers the events from 1 and puts each one's seq first, an empty object too")
    func numbersEvents() async {
        let log = EventLog()
        _ = log.append(lines: lines([#"{"event":"action"}"#, "{}"]))
        _ = log.append(lines: lines([#"{ "event":"mutation"}"#]))
        #expect(log.lastSequenceNumber == 3)
        let text = await log.serverSentEvents(after: 0, limit: 1 << 20)
        #expect(String(decoding: text.text, as: UTF8.self) == """
            id: 1
            data: {"seq":1,"event":"action"}

            id: 2
            data: {"seq":2}

            id: 3
            data: {"seq":3, "event":"mutation"}


            """)
        #expect(text.last == 3)
    }

    @Test("the shell's other messages (!…) are handed back in order, not logged; blank lines are skipped")
    func messagesAreNotEvents() {
        let log = EventLog()
        let messages = log.append(lines: Array("{\"a\":1}\n\n!done 1 1 1 succeeded\n{\"b\":2}\n!state 2 {}".utf8)[...])
        #expect(messages == ["done 1 1 1 succeeded", "state 2 {}"])
        #expect(log.lastSequenceNumber == 2)
    }

    @Test("serves what follows a reconnecting client's Last-Event-ID, in pieces of about the limit")
    func servesAfterLastSeen() async {
        let log = EventLog()
        _ = log.append(lines: lines((1...5).map { #"{"n":\#($0)}"# }))
        let first = await log.serverSentEvents(after: 2, limit: 10)
        #expect(String(decoding: first.text, as: UTF8.self) == "id: 3\ndata: {\"seq\":3,\"n\":3}\n\n")
        #expect(first.last == 3)
        let rest = await log.serverSentEvents(after: first.last, limit: 1 << 20)
        #expect(rest.last == 5)
        #expect(String(decoding: rest.text, as: UTF8.self) == "id: 4\ndata: {\"seq\":4,\"n\":4}\n\nid: 5\ndata: {\"seq\":5,\"n\":5}\n\n")
    }

    @Test("a negative Last-Event-ID asks for every event, as 0 does (it made the stream spin, sending keep-alive comments)")
    func negativeLastSeen() async {
        let log = EventLog()
        _ = log.append(lines: lines([#"{"a":1}"#, #"{"b":2}"#]))
        let text = await log.serverSentEvents(after: -5, limit: 1 << 20)
        #expect(String(decoding: text.text, as: UTF8.self) == "id: 1\ndata: {\"seq\":1,\"a\":1}\n\nid: 2\ndata: {\"seq\":2,\"b\":2}\n\n")
        #expect(text.last == 2)
    }

    @Test("a stream waiting for events gets a keep-alive comment when none comes")
    func keepsAlive() async {
        let log = EventLog(keepAlive: .milliseconds(10))
        let text = await log.serverSentEvents(after: 0, limit: 100)
        #expect(String(decoding: text.text, as: UTF8.self) == ": keep-alive\n\n")
        #expect(text.last == 0)
    }

    @Test("a stream waiting for events is woken by the next one")
    func wakesOnEvent() async {
        let log = EventLog()
        _ = log.append(lines: lines([#"{"a":1}"#]))
        async let next = log.serverSentEvents(after: 1, limit: 100)
        try? await Task.sleep(for: .milliseconds(20))
        _ = log.append(lines: lines([#"{"b":2}"#]))
        let text = await next
        #expect(String(decoding: text.text, as: UTF8.self) == "id: 2\ndata: {\"seq\":2,\"b\":2}\n\n")
        #expect(text.last == 2)
    }

    @Test("a command's events, as the elements of a JSON array, clamped to those that exist")
    func jsonArrayElements() {
        let log = EventLog()
        _ = log.append(lines: lines([#"{"a":1}"#, "{}"]))
        #expect(String(decoding: log.jsonArrayElements(in: 1...9), as: UTF8.self) == #"{"seq":1,"a":1},{"seq":2}"#)
        #expect(log.jsonArrayElements(in: 3...4).isEmpty)
    }

    /// Checks that streams reading `log` from each of `starts` on, in pieces of at most about
    /// `limit` bytes, are served every event once, in order, numbered; returns the pieces served.
    private func servesEveryEvent(of log: EventLog, from starts: [Int], limit: Int) async -> [[UInt8]] {
        let total = log.lastSequenceNumber
        var served: [[UInt8]] = []
        for first in starts {
            var seen = first
            while seen < total {
                let piece = await log.serverSentEvents(after: seen, limit: limit)
                let text = String(decoding: piece.text, as: UTF8.self)
                let events = text.split(separator: "\n\n", omittingEmptySubsequences: true)
                #expect(events.count == piece.last - seen)
                #expect(events.count == 1 || piece.text.count <= limit)
                #expect(text.hasSuffix("}\n\n"))
                for (offset, event) in events.enumerated() {
                    let seq = seen + offset + 1
                    #expect(event.hasPrefix("id: \(seq)\ndata: {\"seq\":\(seq),"))
                }
                #expect(piece.last > seen)
                seen = piece.last
                served.append(Array(piece.text))
            }
            #expect(seen == total)
        }
        return served
    }

    @Test("a long session's text spans chunks: every event is served once, in order, with its number, from any event on")
    func acrossChunks() async {
        let log = EventLog()
        let padding = String(repeating: "x", count: 1000)
        // Three chunks' worth in one read.
        let count = 3 * EventFramer.chunkSize / 1000
        _ = log.append(lines: lines((1...count).map { #"{"n":\#($0),"p":"\#(padding)"}"# }))
        // An event larger than a chunk gets one of its own.
        let large = String(repeating: "y", count: EventFramer.chunkSize + 10)
        _ = log.append(lines: lines([#"{"large":"\#(large)"}"#, #"{"after":1}"#]))
        // Reads of a few events each, which share a chunk.
        for seq in (count + 3)...(count + 302) { _ = log.append(lines: lines([#"{"n":\#(seq),"p":"\#(padding)"}"#])) }
        let total = count + 302
        #expect(log.lastSequenceNumber == total)
        // From the start, and as clients reconnecting in the middle of a chunk would, and at the
        // first event of one (the second chunk's: its first starts past 2 MiB of text).
        let perEvent = "id: 100\ndata: {\"seq\":100,\"n\":100,\"p\":\"\"}\n\n".utf8.count + padding.utf8.count
        let firstOfSecond = EventFramer.chunkSize / perEvent
        let served = await servesEveryEvent(of: log, from: [0, 100, firstOfSecond, count - 3, count + 1, count + 50], limit: 64 * 1024)
        #expect(served.count > 6 * 4)
        // The large event alone, whole, whatever the limit.
        #expect(served.contains { $0.count > EventFramer.chunkSize && $0.starts(with: Array("id: \(count + 1)\n".utf8)) })
        #expect(String(decoding: log.jsonArrayElements(in: (count + 2)...(count + 2)), as: UTF8.self) == #"{"seq":\#(count + 2),"after":1}"#)
        #expect(log.jsonArrayElements(in: (count + 1)...(count + 1)).count == large.utf8.count + #"{"seq":,"large":""}"#.utf8.count + String(count + 1).utf8.count)
        #expect(String(decoding: log.jsonArrayElements(in: total...total), as: UTF8.self) == #"{"seq":\#(total),"n":\#(total),"p":"\#(padding)"}"#)
    }

    @Test("a piece stops at most about the limit after where it starts, and at the end of a chunk")
    func piecesStopAtLimitAndChunks() async {
        let log = EventLog()
        let padding = String(repeating: "x", count: 100)
        var sizes: [Int] = []
        for seq in 1...30_000 {
            let text = #"{"n":\#(seq),"p":"\#(padding)"}"#
            sizes.append(text.utf8.count + "id: \(seq)\ndata: {\"seq\":\(seq),".utf8.count + 1)
            _ = log.append(lines: lines([text]))
        }
        let piece = await log.serverSentEvents(after: 10, limit: 1000)
        #expect(piece.last > 11 && piece.text.count <= 1000)
        #expect(piece.text.count == sizes[10..<piece.last].reduce(0, +))
        // The first chunk ends with the last event that fits in it: a piece from just before its
        // end stops there, and the next one starts with the next chunk.
        var end = 0, firstOfNext = 0
        for (index, size) in sizes.enumerated() where end + size <= EventFramer.chunkSize {
            end += size
            firstOfNext = index + 2
        }
        let beforeEnd = await log.serverSentEvents(after: firstOfNext - 3, limit: 1 << 20)
        #expect(beforeEnd.last == firstOfNext - 1)
        let next = await log.serverSentEvents(after: beforeEnd.last, limit: 1 << 20)
        #expect(String(decoding: next.text, as: UTF8.self).hasPrefix("id: \(firstOfNext)\n"))
    }

    @Test("the text a stream was handed stays as it was while later events are written into the same chunk")
    func handedTextStays() async {
        let log = EventLog()
        _ = log.append(lines: lines([#"{"a":1}"#, #"{"b":2}"#]))
        let handed = await log.serverSentEvents(after: 0, limit: 1 << 20)
        let before = Array(handed.text)
        for seq in 3...5000 { _ = log.append(lines: lines([#"{"n":\#(seq)}"#])) }
        #expect(Array(handed.text) == before)
        #expect(String(decoding: handed.text, as: UTF8.self) == "id: 1\ndata: {\"seq\":1,\"a\":1}\n\nid: 2\ndata: {\"seq\":2,\"b\":2}\n\n")
        // A reconnection after thousands of reads, from the middle of that chunk, and the whole log.
        _ = await servesEveryEvent(of: log, from: [0, 2, 2500, 4999], limit: 4096)
    }

    @Test("the event after 9, 99, 999 gets one digit more in both numbers")
    func moreDigits() async {
        let log = EventLog()
        _ = log.append(lines: lines((1...1001).map { #"{"n":\#($0)}"# }))
        let text = String(decoding: await log.serverSentEvents(after: 0, limit: 1 << 20).text, as: UTF8.self)
        for seq in [9, 10, 99, 100, 999, 1000, 1001] {
            #expect(text.contains("\n\nid: \(seq)\ndata: {\"seq\":\(seq),\"n\":\(seq)}\n\n") || text.hasPrefix("id: \(seq)\n"))
        }
    }

    @Test("a last line without a line break, lines in a slice that does not start at 0, and nothing at all")
    func sliceEdges() {
        let log = EventLog()
        let bytes = Array("xx{\"a\":1}\n{\"b\":2}\n!done 1 1 2 succeeded\n{\"c\":3}".utf8)
        #expect(log.append(lines: bytes[2...]) == ["done 1 1 2 succeeded"])
        #expect(log.append(lines: bytes[0..<0]) == [])
        #expect(log.append(lines: Array("\n\n".utf8)[...]) == [])
        #expect(String(decoding: log.jsonArrayElements(in: 1...3), as: UTF8.self) == #"{"seq":1,"a":1},{"seq":2,"b":2},{"seq":3,"c":3}"#)
    }
}
