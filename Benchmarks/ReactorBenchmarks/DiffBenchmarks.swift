// StateDiff cases: diff + text render against an Equatable comparison (`==`) of the same
// two states, and the encoding of a state from Encodable.
import BuiltinReactors
import StateDiff

/// The counter's state, as the built-in reactor declares it (SPEC §5).
private struct BenchCounterState: Encodable, Equatable {
    var value = 0
    var isLoading = false
    var alertMessage: String?
}

/// Runs the StateDiff benchmark cases, one line each; checks each case's output first.
@MainActor func runDiffBenchmarks() {
    let renderer = TextDiffRenderer(indent: 6)

    // Counter: setLoading(true) — one changed field.
    let counterOld = BenchCounterState(), counterNew = BenchCounterState(isLoading: true)
    // The baseline compares states picked by the loop index, so the optimizer cannot hoist it.
    let counterStates = (0..<64).map { BenchCounterState(value: $0 / 2, isLoading: $0 % 3 == 0) }
    func counterBaseline(_ iterations: Int) -> Double {
        medianNanoseconds(operations: iterations) {
            var equal = 0
            for index in 0..<iterations where counterStates[index & 63] == counterStates[(index + 1) & 63] { equal += 1 }
            blackHole(equal)
        }
    }
    let counterOldValue = try! StateValue(encoding: counterOld), counterNewValue = try! StateValue(encoding: counterNew)
    precondition(renderer.lines(for: diff(counterOldValue, counterNewValue)) == ["      isLoading: false → true"])
    if shouldRun("diff counter") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations {
                var output = ""
                renderer.render(diff(counterOldValue, counterNewValue), into: &output)
                blackHole(output)
            }
        }
        report("diff + text render, counter", nanoseconds: measured, baselineName: "== of the states", baselineNanoseconds: baseline)
    }
    if shouldRun("encode counter") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(try! StateValue(encoding: counterNew)) }
        }
        report("encode counter state (Encodable)", nanoseconds: measured, baselineName: "== of the states", baselineNanoseconds: baseline)
        // The built-in counter's state, whose alert is a `@Pulse` (encoded as its plain value).
        let pulseState = CounterReactor.State(value: 3, isLoading: true, alertMessage: "increased!")
        precondition(try! StateValue(encoding: pulseState) == .object([
            StateField("value", .int(3)), StateField("isLoading", .bool(true)), StateField("alertMessage", .string("increased!")),
        ]))
        let pulseMeasured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(try! StateValue(encoding: pulseState)) }
        }
        report("encode counter state (@Pulse alert)", nanoseconds: pulseMeasured, baselineName: "== of the states", baselineNanoseconds: baseline)
    }
    if shouldRun("encode scoreboard") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let state = EncodableScoreboard(home: 2, away: 1)
        precondition(try! StateValue(encoding: state) == .object([StateField("home", .int(2)), StateField("away", .int(1))]))
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(try! StateValue(encoding: state)) }
        }
        report("encode scoreboard state (Encodable)", nanoseconds: measured, baselineName: "== of the counter states", baselineNanoseconds: baseline)
    }
    if shouldRun("encode described") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let state = DescribedScoreboard(home: 2, away: 1)
        precondition(try! StateValue(encoding: state) == StateValue(encoding: Scoreboard.State(home: 2, away: 1)))
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(try! StateValue(encoding: state)) }
        }
        report("encode scoreboard state (StateValueConvertible)", nanoseconds: measured, baselineName: "== of the counter states", baselineNanoseconds: baseline)
    }
    if shouldRun("diff scoreboard") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let old = try! StateValue(encoding: Scoreboard.State(home: 0)), new = try! StateValue(encoding: Scoreboard.State(home: 1))
        precondition(renderer.lines(for: diff(old, new)) == ["      home: 0 → 1"])
        let measured = medianNanoseconds(operations: iterations) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            for _ in 0..<iterations {
                bytes.removeAll(keepingCapacity: true)
                renderer.render(diff(old, new), appendingUTF8To: &bytes)
            }
            blackHole(bytes)
        }
        report("diff + text render (bytes), scoreboard", nanoseconds: measured, baselineName: "== of the counter states", baselineNanoseconds: baseline)
    }
    if shouldRun("diff patch") {
        let iterations = 100_000
        let baseline = counterBaseline(iterations)
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(JSONPatch(diff(counterOldValue, counterNewValue)).jsonValue.jsonText) }
        }
        report("diff + JSON Patch text, counter", nanoseconds: measured, baselineName: "== of the states", baselineNanoseconds: baseline)
    }

    // 10,000 strings, one appended.
    let strings = (0..<10_000).map { "repository-\($0)" }
    let appended = strings + ["repository-new"]
    let stringsValue = StateValue.array(strings.map(StateValue.string))
    let appendedValue = StateValue.array(appended.map(StateValue.string))
    precondition(renderer.lines(for: diff(stringsValue, appendedValue)) == ["      + [10000]: \"repository-new\""])
    if shouldRun("diff append") {
        let iterations = 200
        let baseline = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(strings == appended) }
        }
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations {
                var output = ""
                renderer.render(diff(stringsValue, appendedValue), into: &output)
                blackHole(output)
            }
        }
        report("diff + text, 10,000 strings, one append", nanoseconds: measured, baselineName: "== of the arrays", baselineNanoseconds: baseline)
        // `==` of arrays of different lengths stops at the count; the full walk is the fairer floor.
        let copy = strings.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        let walk = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations { blackHole(strings == copy) }
        }
        report("  (same, against a full == walk)", nanoseconds: measured, baselineName: "== of 10,000 equal strings", baselineNanoseconds: walk)
    }

    // 10,000 strings reversed.
    let reversed = Array(strings.reversed())
    let reversedValue = StateValue.array(reversed.map(StateValue.string))
    let reversalLines = renderer.lines(for: diff(stringsValue, reversedValue))
    precondition(reversalLines == ["      [0…9999]: 10,000 elements replaced"], "\(reversalLines)")
    if shouldRun("diff reversal") {
        let iterations = 3
        let baseline = medianNanoseconds(operations: 1000) {
            for _ in 0..<1000 { blackHole(strings == reversed) }
        }
        let measured = medianNanoseconds(operations: iterations) {
            for _ in 0..<iterations {
                var output = ""
                renderer.render(diff(stringsValue, reversedValue), into: &output)
                blackHole(output)
            }
        }
        report("diff + text, 10,000 strings reversed", nanoseconds: measured, baselineName: "== of the arrays", baselineNanoseconds: baseline)
    }
}

/// The scoreboard's state describing itself (`StateValueConvertible`) instead of being encoded
/// field by field: what a reactor can do for its hottest state.
/// The scoreboard's state as a state that is only `Encodable` (the built-in one writes its fields itself).
private struct EncodableScoreboard: Encodable {
    var home = 0
    var away = 0
}

private struct DescribedScoreboard: Encodable, StateValueConvertible {
    var home = 0
    var away = 0
    var stateValue: StateValue { .object([StateField("home", .int(home)), StateField("away", .int(away))]) }
}

/// Runs one StateDiff operation `count` times and nothing else (`reactor-benchmarks --loop CASE COUNT`),
/// so that callgrind's total, less a `none` run's, divided by `count` is the operation's instruction count.
/// Cases: none, encode-scoreboard, encode-board, encode-counter, encode-described, encode-written,
/// diff-scoreboard, diff-counter, render-scoreboard, render-counter, render-alert, patch-counter.
/// (encode-scoreboard: an `Encodable`-only copy of the state; encode-written: the built-in state's own
/// writer, each value handed back with `recycle` as the shell does.)
func runDiffLoop(_ name: String, count: Int) {
    let renderer = TextDiffRenderer(indent: 6)
    let scoreboardOld = Scoreboard.State(home: 0, away: 0), scoreboardNew = Scoreboard.State(home: 1, away: 0)
    let counterOld = CounterReactor.State(value: 0), counterNew = CounterReactor.State(value: 1)
    let scoreboardValues = (try! StateValue(encoding: scoreboardOld), try! StateValue(encoding: scoreboardNew))
    let counterValues = (try! StateValue(encoding: counterOld), try! StateValue(encoding: counterNew))
    let scoreboardChanges = diff(scoreboardValues.0, scoreboardValues.1)
    let counterChanges = diff(counterValues.0, counterValues.1)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    switch name {
    case "none": break
    case "encode-scoreboard":
        let state = EncodableScoreboard(home: 1)
        for _ in 0..<count { blackHole(try! StateValue(encoding: state)) }
    case "encode-written":
        for _ in 0..<count {
            let value = scoreboardNew.stateValue
            blackHole(value)
            StateValue.recycle(value)
        }
    case "encode-board":
        // 100 posts through `Encodable`.
        let board = BoardReactor.State(posts: (1...100).map { Post(id: $0, title: "post \($0)", content: "") })
        for _ in 0..<count { blackHole(try! StateValue(encoding: board)) }
    case "encode-counter": for _ in 0..<count { blackHole(try! StateValue(encoding: counterNew)) }
    case "encode-described":
        let state = DescribedScoreboard(home: 1)
        for _ in 0..<count { blackHole(try! StateValue(encoding: state)) }
    case "diff-scoreboard": for _ in 0..<count { blackHole(diff(scoreboardValues.0, scoreboardValues.1)) }
    case "diff-counter": for _ in 0..<count { blackHole(diff(counterValues.0, counterValues.1)) }
    case "render-scoreboard", "render-counter":
        let changes = name == "render-scoreboard" ? scoreboardChanges : counterChanges
        for _ in 0..<count {
            bytes.removeAll(keepingCapacity: true)
            renderer.render(changes, appendingUTF8To: &bytes)
        }
    case "render-alert":
        let alert = diff(
            try! StateValue(encoding: CounterReactor.State(value: 1)),
            try! StateValue(encoding: CounterReactor.State(value: 1, alertMessage: "increased!")))
        for _ in 0..<count {
            bytes.removeAll(keepingCapacity: true)
            renderer.render(alert, appendingUTF8To: &bytes)
        }
    case "patch-counter": for _ in 0..<count { blackHole(JSONPatch(counterChanges).jsonValue) }
    default: print("unknown case \(name)")
    }
    blackHole(bytes)
}
