/// How the live view's server listens (`--serve`, `--serve-port`, `--serve-host`, `--serve-exit`).
public struct LiveViewSettings: Sendable, Equatable {
    /// The port SPEC §10 names when none is given.
    public static let defaultPort = 8421

    /// The address to listen on: 127.0.0.1 unless `--serve-host` says otherwise.
    public var host: String = "127.0.0.1"
    /// The port; 0 takes any free one.
    public var port: Int = LiveViewSettings.defaultPort
    /// `run --serve`: keep serving after the scripts until Ctrl-C (false with `--serve-exit`).
    public var keepsServingAfterRun: Bool = true

    /// The defaults: 127.0.0.1, port 8421, serving on after a run.
    public init() {}

    /// Whether the server is reachable from other machines (`--serve-host` other than loopback).
    public var isWiderThanLoopback: Bool {
        !(host == "127.0.0.1" || host == "localhost" || host == "::1")
    }
}
