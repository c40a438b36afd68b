import BuiltinReactors
import ReactorCore
import ReactorShell
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a scene was made of, tracked without retaining it.
@MainActor
final class SceneTracker {
    weak var reactor: AnyObject?
    weak var clock: AnyObject?
}

/// A session released while an effect is still parked on its virtual clock (a `&` line, or a script
/// stopped by a NUL byte before its final wait) frees its reactors and clock once the main actor has
/// run the cancellations. The runner fuzz target reported leaks after such scripts; this checks the
/// lifetime outside the fuzzer (docs/reliability.md, "Findings").
@MainActor
@Suite("a session released with effects in flight")
struct SessionReleaseTests {
    /// A batch session over the tracked github-search whose output goes nowhere.
    static func quietBatchSession(tracking tracker: SceneTracker) -> ShellSession {
        let sink = OutputSink()
        sink.interceptor = { _ in }
        sink.errorInterceptor = { _ in }
        return ShellSession(
            registry: Registry([trackedSearch(tracker)]), configuration: ShellConfiguration(), sink: sink,
            interactive: false)
    }

    /// Lets the main actor run the cancellations that follow a session's release, which are later
    /// jobs of the main actor (resumed through the global pool, so how many turns they take
    /// depends on the machine's load), until the tracked reactor and clock are gone or 5 seconds
    /// have passed. The callers then check that they are gone.
    static func letTheCancellationsRun(until tracker: SceneTracker) async {
        let deadline = ContinuousClock.now + .seconds(5)
        var turns = 0
        while tracker.reactor != nil || tracker.clock != nil, ContinuousClock.now < deadline {
            turns += 1
            if turns < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }

    /// github-search as built in, with its reactor and its clock tracked.
    static func trackedSearch(_ tracker: SceneTracker) -> RegistryEntry {
        RegistryEntry(name: "github-search", summary: "github-search, tracked") { context in
            let scene = RegistryEntry.githubSearch.makeScene(context)
            tracker.reactor = scene.reactors.first
            tracker.clock = context.scheduler.clock
            return scene
        }
    }

    @Test(arguments: ["updateQuery swift\nloadNextPage &\n:advance 1ms", "updateQuery swift &", "updateQuery sw &\n:advance 1ms\nupdateQuery swift &", "updateQuery swift\nloadNextPage &"])
    func releasesItsReactorsAndClockOnceTheEffectsAreCancelled(script: String) async {
        let tracker = SceneTracker()
        do {
            let session = Self.quietBatchSession(tracking: tracker)
            var number = 0
            for line in (":use github-search\n" + script).split(separator: "\n") {
                number += 1
                let outcome = await session.execute(line: String(line), origin: LineOrigin(source: "release.rsh", line: number), waitAfterAction: true)
                #expect(outcome == .succeeded, "line \(number): \(line)")
            }
            #expect(tracker.reactor != nil)
        }
        await Self.letTheCancellationsRun(until: tracker)
        #expect(tracker.reactor == nil, "the reactor outlived its session")
        #expect(tracker.clock == nil, "the clock outlived its session")
    }

    @Test func releasesThemAfterAScriptStoppedByANulByte() async {
        let tracker = SceneTracker()
        do {
            let session = Self.quietBatchSession(tracking: tracker)
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            let script: [UInt8] = Array("g\n:use github-search\ne\nupdateQuery f &\n:advance 1ms\n\u{7F}".utf8) + [0, 0x61]
            #expect(write(descriptors[1], script, script.count) == script.count)
            close(descriptors[1])
            _ = await session.runScript(descriptor: descriptors[0], source: "nul.rsh", echo: false, bail: false)
            close(descriptors[0])
            #expect(tracker.reactor != nil)
        }
        await Self.letTheCancellationsRun(until: tracker)
        #expect(tracker.reactor == nil, "the reactor outlived its session")
        #expect(tracker.clock == nil, "the clock outlived its session")
    }

    /// The runner's leak of docs/reliability.md (Findings; Fuzzing/regressions/runner/runner-leak-306b…):
    /// a `loadNextPage &` still parked when a NUL byte stops the script once kept the virtual clock
    /// alive: the concatenation's task held the runtime while it waited for its cancellable part, so
    /// the runtime's deinit never cancelled them.
    @Test func releasesThemAfterALoadNextPageStoppedByANulByte() async {
        let tracker = SceneTracker()
        do {
            let session = Self.quietBatchSession(tracking: tracker)
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            let script: [UInt8] = Array(":use github-search\nupdateQuery swift\nloadNextPage &\n:advance 1ms\n".utf8) + [0]
            #expect(write(descriptors[1], script, script.count) == script.count)
            close(descriptors[1])
            _ = await session.runScript(descriptor: descriptors[0], source: "nul.rsh", echo: false, bail: false)
            close(descriptors[0])
        }
        await Self.letTheCancellationsRun(until: tracker)
        #expect(tracker.reactor == nil, "the reactor outlived its session")
        #expect(tracker.clock == nil, "the clock outlived its session")
    }
}

/// What a board scene was made of, tracked without retaining it.
@MainActor
final class BoardTracker {
    weak var service: BoardService?
    weak var events: EventSource<BoardEvent>?
    weak var clock: AnyObject?
}

/// The board's service and its event source (which the `board` reactor subscribes to, weakly
/// referenced by the subscription's token) are freed with the session even when a `write.submit &`
/// is still in flight, its start queued on the main actor, when a NUL byte stops the script. The
/// runner fuzz target reported this script's event source as leaked
/// (`Fuzzing/regressions/runner/leak-114080d…`): the harness checked for leaks before the
/// cancelled submit had ended (docs/reliability.md, "Findings"); this checks that it does end and
/// frees them.
@MainActor
@Suite("a board session released with a submit in flight")
struct BoardSessionReleaseTests {
    /// The built-in board, its service, event source and clock tracked.
    static func trackedBoard(_ tracker: BoardTracker) -> RegistryEntry {
        RegistryEntry(name: "board", summary: "board, tracked") { context in
            let service = BoardService()
            tracker.service = service
            tracker.events = service.events
            tracker.clock = context.scheduler.clock
            return Scene(
                ReactorHandle(name: "board", reactor: BoardReactor(service: service), commands: BoardReactor.commands, context: context),
                ReactorHandle(name: "write", reactor: WriteReactor(service: service), commands: WriteReactor.commands, context: context))
        }
    }

    @Test func releasesTheServiceAfterASubmitStoppedByANulByte() async {
        let tracker = BoardTracker()
        do {
            let sink = OutputSink()
            sink.interceptor = { _ in }
            sink.errorInterceptor = { _ in }
            let session = ShellSession(
                registry: Registry([Self.trackedBoard(tracker)]), configuration: ShellConfiguration(), sink: sink, interactive: false)
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            let script: [UInt8] = Array(":use board\nwrite.updateTitle \"F\"\nwrite.submit &\n".utf8) + [0, 10]
            #expect(write(descriptors[1], script, script.count) == script.count)
            close(descriptors[1])
            _ = await session.runScript(descriptor: descriptors[0], source: "nul.rsh", echo: false, bail: false)
            close(descriptors[0])
            #expect(tracker.service != nil)
        }
        let deadline = ContinuousClock.now + .seconds(5)
        var turns = 0
        while tracker.service != nil || tracker.events != nil || tracker.clock != nil, ContinuousClock.now < deadline {
            turns += 1
            if turns < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(tracker.service == nil, "the service outlived its session")
        #expect(tracker.events == nil, "the event source outlived its session")
        #expect(tracker.clock == nil, "the clock outlived its session")
    }
}
