import Foundation
@testable import ReactorShell
import BuiltinReactors
import ReactorCore

/// Runs fuzzed scripts against the built-in registry in-process the way `reactor-shell run` does:
/// a batch session (virtual clock, stub GitHub fetcher) reads the script from a pipe with
/// ``ShellSession/runScript(descriptor:source:echo:bail:)``. Whatever the script, the run must end,
/// without a trap, a sanitizer report or a leak.
///
/// Lines that would make one input slow or touch the file system are blanked first (so the others
/// keep their numbers): `:load`, `:save` and `:diagram` (files), `:sleep` but for `:sleep 0` (wall time), `:wait` and
/// `:advance` over an hour of virtual time.
@MainActor
public enum RunnerCheck {
    /// The most lines of one input that are run.
    nonisolated public static let lineLimit = 64
    /// The longest virtual wait or advance run.
    static let virtualLimit = Duration.seconds(3_600)
    /// The longest `:sleep` run: none but `:sleep 0` (a sleep is wall time, which the fuzzer
    /// would spend waiting instead of running inputs; its parsing is the language target's).
    static let sleepLimit = Duration.zero

    /// Runs the script `bytes` on a fresh session; returns how the run ended and how many lines it printed.
    @discardableResult
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> (ScriptOutcome, printed: Int) {
        let script = admitted(bytes)
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { fatalError("pipe: \(String(cString: strerror(errno)))") }
        defer { close(descriptors[0]) }
        // At most 64 lines of 4 KiB in all: within a pipe's buffer, written before the run starts.
        script.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptors[1], raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { fatalError("write to the pipe: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        close(descriptors[1])

        let (outcome, printed, scene) = runSession(descriptors[0])
        // Releasing the session cancels the effects still parked; their cancellations, queued on the
        // main actor, run here, before the leak check that follows each input. A cancelled effect
        // may take more than one turn of the main queue to end (the board's `write.submit &` does),
        // and what it holds (a service, its event source) lives until then: left for the next input, it
        // is still alive at the leak check, where its weak references' side table, pointed to only
        // from its object's encoded reference count, looks leaked. The harness cannot see the queue
        // run dry (on Swift 6.3 neither hook of ``MainThreadConcurrency`` is called, so its count
        // stays 0): it serves the queue until the last scene's scheduler and reactors are freed,
        // then for ``extraPasses`` more turns for what their release queued. A scene still alive
        // after ``passLimit`` turns is left to the leak check, which reports it.
        var passes = 0
        while scene.isAlive, passes < passLimit {
            pumpMainQueue()
            passes += 1
        }
        for _ in 0..<extraPasses { pumpMainQueue() }
        return (outcome, printed)
    }

    /// Turns of the main queue served after the scene is gone (see ``run(_:)``).
    static let extraPasses = 1
    /// The most turns of the main queue served while the scene is alive (see ``run(_:)``).
    static let passLimit = 1_000

    private static func runSession(_ descriptor: Int32) -> (ScriptOutcome, printed: Int, scene: SceneTracker) {
        let sink = OutputSink()
        let printed = Counter()
        sink.interceptor = { _ in printed.value += 1 }
        sink.errorInterceptor = { _ in printed.value += 1 }
        let session = ShellSession(registry: .builtins, configuration: ShellConfiguration(), sink: sink, interactive: false)
        // As `reactor-shell run` does: the registry's first entry (counter) is loaded before line 1.
        if let failure = session.loadInitialScene() { fatalError("the initial scene: \(failure)") }
        let outcome = Box()
        Task.immediate { @MainActor in
            outcome.value = await session.runScript(descriptor: descriptor, source: "fuzz.rsh", echo: false, bail: false)
        }
        // Lines whose effects suspend resume through the main queue, which the run loop serves.
        while outcome.value == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        return (outcome.value!, printed.value, SceneTracker(session.scene))
    }

    /// Runs the run loop until what the main queue held when called has run.
    static func pumpMainQueue() {
        let reached = Counter()
        Task { @MainActor in reached.value = 1 }
        while reached.value == 0 { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }

    /// The first ``lineLimit`` lines of `bytes`, with the lines left out blanked.
    ///
    /// The scans for line breaks, colons and names go through libc (`memchr`, `memmem`), which
    /// carries no coverage instrumentation: a byte loop here would trace every comparison of every
    /// byte of every input (the harness's own code is instrumented like the product's), which cost
    /// about a tenth of the target's time (docs/reliability.md).
    static func admitted(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var script: [UInt8] = []
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return script }
        script.reserveCapacity(bytes.count)
        var start = 0
        var count = 0
        while true {
            let end = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
                .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if !mayBeLeftOut(line) || admit(String(decoding: line, as: UTF8.self)) {
                script.append(contentsOf: line)
            }
            count += 1
            if count == lineLimit || end == bytes.count { break }
            script.append(UInt8(ascii: "\n"))
            start = end + 1
        }
        return script
    }

    /// The names of the meta commands that may be left out (see ``admit(_:)``).
    static let leftOutNames: [[UInt8]] = ["load", "save", "diagram", "sleep", "advance", "wait"].map { Array($0.utf8) }

    /// Whether `line` names one of the meta commands that may be left out, so that ``admit(_:)``
    /// must parse it; most lines do not, and are run without being parsed twice. A meta command's
    /// name comes after the line's first colon (its first token), so only the rest is searched.
    static func mayBeLeftOut(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress, let colon = memchr(base, Int32(UInt8(ascii: ":")), line.count) else {
            return false
        }
        let rest = UnsafePointer<UInt8>(colon.assumingMemoryBound(to: UInt8.self)) + 1
        let restCount = line.count - (rest - base)
        return leftOutNames.contains { contains($0, in: rest, count: restCount) }
    }

    /// Whether the `count` bytes at `bytes` hold `name` (`memchr` to each place its first byte
    /// is, `memcmp` there).
    private static func contains(_ name: [UInt8], in bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        name.withUnsafeBufferPointer { name in
            var at = bytes
            var left = count
            while left >= name.count, let hit = memchr(at, Int32(name[0]), left - name.count + 1) {
                let place = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(place, name.baseAddress!, name.count) == 0 { return true }
                left -= place + 1 - at
                at = place + 1
            }
            return false
        }
    }

    /// Whether to run `line` (false: it is blanked).
    static func admit(_ line: String) -> Bool {
        guard case .meta(let invocation)? = try? ScriptParser.parse(line) else { return true }
        switch invocation.command {
        case .load, .save, .diagram: return false
        case .sleep(let duration): return duration <= sleepLimit
        case .advance(let duration): return duration <= virtualLimit
        case .wait(let limit): return (limit ?? .zero) <= virtualLimit
        default: return true
        }
    }
}

/// A count shared with the closures of one run.
@MainActor
final class Counter {
    var value = 0
}

/// The outcome of a run, once it has ended.
@MainActor
final class Box {
    var value: ScriptOutcome?
}

/// The scheduler and reactors of a session's scene at its end, tracked without retaining them.
@MainActor
final class SceneTracker {
    private weak var scheduler: Scheduler?
    private let reactors: [WeakReactor]

    init(_ scene: LoadedScene) {
        scheduler = scene.scheduler
        reactors = scene.reactors.map { WeakReactor(reactor: $0) }
    }

    /// Whether any of them is still alive.
    var isAlive: Bool { scheduler != nil || reactors.contains { $0.reactor != nil } }

    private struct WeakReactor {
        weak var reactor: (any ShellReactor)?
    }
}
