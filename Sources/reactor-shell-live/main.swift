// The live view's server process: started by the shell on `--serve` / `:serve`, which talks to
// it over standard input and output (see LiveView's ShellConnection). Not meant to be run by hand.
import ArgumentParser
import Foundation
import LiveView

/// `--help`, and the description `swift package generate-manual` asks every executable of the
/// package for (`--experimental-dump-help`).
struct LiveServerCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reactor-shell-live",
        abstract: "The live view's HTTP server, started by `reactor-shell --serve` or `:serve`.",
        discussion: """
            Not meant to be run by hand: the shell starts it with REACTOR_SHELL_LIVE_TOKEN, \
            REACTOR_SHELL_LIVE_HOST, REACTOR_SHELL_LIVE_PORT, REACTOR_SHELL_LIVE_MAX_LINE_LENGTH \
            (the longest command taken, in bytes; 1 MiB if unset) and REACTOR_SHELL_LIVE_CATCH_UP \
            (how many events of the session so far it writes first) in its environment, writes the \
            session's events to its standard input and reads its requests from its standard \
            output; it ends at the end of its input. See docs/output.md (Live view).
            """)
}

if let first = CommandLine.arguments.dropFirst().first, ["-h", "--help", "--experimental-dump-help"].contains(first) {
    LiveServerCommandLine.main()
}

let environment = ProcessInfo.processInfo.environment
guard let token = environment["REACTOR_SHELL_LIVE_TOKEN"], !token.isEmpty else {
    FileHandle.standardError.write(Data("reactor-shell-live: started by the shell on --serve; not meant to be run by hand\n".utf8))
    exit(2)
}
let host = environment["REACTOR_SHELL_LIVE_HOST"] ?? "127.0.0.1"
let port = UInt16(environment["REACTOR_SHELL_LIVE_PORT"] ?? "") ?? 8421
let commandLimit = Int(environment["REACTOR_SHELL_LIVE_MAX_LINE_LENGTH"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1 << 20
let catchUp = Int(environment["REACTOR_SHELL_LIVE_CATCH_UP"] ?? "") ?? 0
signal(SIGPIPE, SIG_IGN)
signal(SIGINT, SIG_IGN)  // Ctrl-C is the shell's: it ends the server by closing its input

let log = EventLog()
let shell = ShellConnection(log: log)
do {
    let server = try LiveViewServer(host: host, port: port, token: token, commandLimit: commandLimit, catchUp: catchUp, shell: shell, log: log)
    let serving = Task {
        do {
            try await server.run(host: host) { port in await shell.announce(port: port) }
        } catch {
            // Once the shell has ended, the socket closed (below) is not a failure to report.
            guard await !shell.hasEnded else { return }
            await shell.announceFailure("cannot listen on \(host):\(port): \(error)")
            exit(1)
        }
    }
    await shell.readMessages()
    await server.waitForAnswers()
    // The shell waits for the end of this process's output, not for its exit: once the port is
    // free, nothing is left for it to wait for (the kernel's taking back of a long run's event
    // log, which the exit waits for, takes milliseconds).
    await server.stopListening()
    close(STDOUT_FILENO)
    serving.cancel()
    exit(0)
} catch {
    await shell.announceFailure("bad address '\(host)': \(error)")
    exit(1)
}
