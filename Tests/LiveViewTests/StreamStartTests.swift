import Testing
@testable import LiveView

/// Where `GET /events` starts for a `Last-Event-ID` (or `?after=`).
@Suite("Where an event stream starts")
struct StreamStartTests {
    @Test("an event the log has, or the shell's catch-up will bring, is where it starts")
    func eventsOfTheSession() {
        #expect(LiveViewServer.streamStart(asked: 5, catchUp: 0, last: 9) == 5)
        #expect(LiveViewServer.streamStart(asked: 9, catchUp: 0, last: 9) == 9)
        // A restarted server still reading the session so far: the stream waits for event 8.
        #expect(LiveViewServer.streamStart(asked: 8, catchUp: 12, last: 3) == 8)
        #expect(LiveViewServer.streamStart(asked: 0, catchUp: 0, last: 0) == 0)
    }

    @Test("a number above every event of the session starts it from the first event")
    func numbersOfNoEvent() {
        #expect(LiveViewServer.streamStart(asked: 10, catchUp: 0, last: 9) == 0)
        #expect(LiveViewServer.streamStart(asked: 13, catchUp: 12, last: 3) == 0)
        #expect(LiveViewServer.streamStart(asked: 1, catchUp: 0, last: 0) == 0)
    }
}
