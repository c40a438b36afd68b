import Testing
@testable import LiveView

@Suite("The live view's event log")
struct EventLogTests {
    private func batch(_ events: [String]) -> EventBatch {
        var batch = EventBatch()
        for event in events { batch.append(Array(event.utf8)) }
        return batch
    }

    @Test("numbers the events from 1 and puts each one's seq first, an empty object too")
    func numbersEvents() async {
        let log = EventLog()
        await log.append(contentsOf: batch([#"{"event":"action"}"#, "{}"]))
        await log.append(contentsOf: batch([#"{ "event":"mutation"}"#]))
        #expect(await log.lastSequenceNumber == 3)
        let text = await log.serverSentEvents(after: 0, limit: 1 << 20, timeout: .seconds(1))
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

    @Test("serves what follows a reconnecting client's Last-Event-ID, in pieces of about the limit")
    func servesAfterLastSeen() async {
        let log = EventLog()
        await log.append(contentsOf: batch((1...5).map { #"{"n":\#($0)}"# }))
        let first = await log.serverSentEvents(after: 2, limit: 10, timeout: .seconds(1))
        #expect(String(decoding: first.text, as: UTF8.self) == "id: 3\ndata: {\"seq\":3,\"n\":3}\n\n")
        #expect(first.last == 3)
        let rest = await log.serverSentEvents(after: first.last, limit: 1 << 20, timeout: .seconds(1))
        #expect(rest.last == 5)
        #expect(String(decoding: rest.text, as: UTF8.self).hasPrefix("id: 4\n"))
    }

    @Test("a stream waiting for events gets a keep-alive comment when none comes")
    func keepsAlive() async {
        let log = EventLog()
        let text = await log.serverSentEvents(after: 0, limit: 100, timeout: .milliseconds(10))
        #expect(String(decoding: text.text, as: UTF8.self) == ": keep-alive\n\n")
        #expect(text.last == 0)
    }

    @Test("a command's events, as the elements of a JSON array, clamped to those that exist")
    func jsonArrayElements() async {
        let log = EventLog()
        await log.append(contentsOf: batch([#"{"a":1}"#, #"{"b":2}"#]))
        #expect(String(decoding: await log.jsonArrayElements(in: 1...9), as: UTF8.self) == #"{"seq":1,"a":1},{"seq":2,"b":2}"#)
        #expect(await log.jsonArrayElements(in: 3...4).isEmpty)
    }

    @Test("a batch keeps where each event ends, across appended batches")
    func batchRanges() {
        var all = batch(["{}", #"{"x":1}"#])
        all.append(contentsOf: batch([#"{"y":22}"#]))
        #expect(all.count == 3)
        #expect(String(decoding: all[1], as: UTF8.self) == #"{"x":1}"#)
        #expect(String(decoding: all[2], as: UTF8.self) == #"{"y":22}"#)
    }
}
