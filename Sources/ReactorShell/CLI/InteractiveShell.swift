#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive front end (a terminal on standard input).
///
/// Until the readline front end is wired in, lines are read plainly, one prompt per line.
@MainActor
enum InteractiveShell {
    static func run(registry: Registry, configuration: ShellConfiguration, sink: OutputSink) async -> Int32 {
        sink.flushesEachWrite = true
        let session = ShellSession(registry: registry, configuration: configuration, sink: sink, interactive: true)
        if let failure = session.loadInitialScene() {
            sink.writeError("reactor-shell: \(failure)")
            return 2
        }
        var number = 0
        while true {
            sink.writeErrorPrompt(session.prompt)
            guard let line = readLine(strippingNewline: true) else { return 0 }
            number += 1
            let outcome = await session.execute(
                line: line, origin: LineOrigin(source: "<stdin>", line: number), waitAfterAction: false)
            if case .quit(let code) = outcome { return code ?? 0 }
        }
    }
}

extension OutputSink {
    /// Writes a prompt to stderr without a newline.
    func writeErrorPrompt(_ prompt: String) {
        flush()
        var text = prompt
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
