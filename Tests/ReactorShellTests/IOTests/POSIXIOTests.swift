import Foundation
import Testing
@testable import ReactorShell

/// The C calls of POSIXIO (ReactorShell's door to C) that the end-to-end tests reach only through
/// a terminal or a signal: C-string arrays, C-string bytes, the saved signal actions and the
/// terminal's control characters.
@Suite struct POSIXIOTests {
    /// The strings at `array`, up to its NULL.
    private func strings(at array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
        var result: [String] = []
        var index = 0
        while let string = array[index] {
            result.append(String(decoding: POSIXIO.bytes(ofCString: string), as: UTF8.self))
            index += 1
        }
        return result
    }

    @Test func aCStringArrayHoldsEachStringThenNULL() {
        let strings = ["reactor-shell", "run", "héllo wörld", ""]
        let seen = POSIXIO.withCStringArray(strings) { array in self.strings(at: array) }
        #expect(seen == strings)
        let matches = POSIXIO.mallocedCStringArray(["incr", "increment", "incrementTwice"])
        #expect(self.strings(at: matches) == ["incr", "increment", "incrementTwice"])
        for index in 0..<3 { free(matches[index]) }
        free(matches)
    }

    @Test func theBytesOfACStringAreCopiedUpToTheCountOrTheNUL() {
        let bytes: [CChar] = [104, 105, -61, -87, 0, 120]  // "hié", NUL, "x"
        #expect(bytes.withUnsafeBufferPointer { POSIXIO.bytes(ofCString: $0.baseAddress!) } == [104, 105, 0xC3, 0xA9])
        #expect(bytes.withUnsafeBufferPointer { POSIXIO.bytes(ofCString: $0.baseAddress!, count: 2) } == [104, 105])
        #expect(bytes.withUnsafeBufferPointer { POSIXIO.bytes(ofCString: $0.baseAddress!, count: 6) }
            == [104, 105, 0xC3, 0xA9, 0, 120])
    }

    @Test func aSavedSignalActionIsPutBack() {
        // SIGUSR2: a signal the test process leaves at its default.
        let before = currentHandler(of: SIGUSR2)
        POSIXIO.setSignalHandler(testHandler, for: SIGUSR2, flags: 0, blockingAll: true, savingPrevious: true)
        #expect(currentHandler(of: SIGUSR2) != before)
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        var blocked = action.sa_mask
        #expect(sigismember(&blocked, SIGINT) == 1, "blockingAll blocks the other signals while the handler runs")
        POSIXIO.restoreSavedAction(of: SIGUSR2)
        #expect(currentHandler(of: SIGUSR2) == before)
    }

    @Test func aControlCharacterIsSetInTheTerminalMode() {
        var mode = termios()
        POSIXIO.setControlCharacter(VMIN, to: 1, in: &mode)
        POSIXIO.setControlCharacter(VTIME, to: 7, in: &mode)
        let controls = withUnsafeBytes(of: mode.c_cc) { Array($0) }
        #expect(controls[Int(VMIN)] == 1)
        #expect(controls[Int(VTIME)] == 7)
        #expect(controls.enumerated().allSatisfy { $0.offset == Int(VMIN) || $0.offset == Int(VTIME) || $0.element == 0 })
    }

    @Test func theUsersHomeDirectoryIsADirectory() {
        let home = POSIXIO.homeDirectoryOfUser()
        #expect(home?.isEmpty == false)
        var status = stat()
        #expect(home.map { stat($0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR } == true)
    }

    /// The handler address installed for `number`.
    private func currentHandler(of number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }
}

private func testHandler(_ number: Int32) {}
