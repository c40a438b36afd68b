import ArgumentParser

/// `--serve`, `--serve-port`, `--serve-host`: the live view (SPEC §10), on the interactive shell
/// and `run` only. `test`, `explore` and `check` do not take them (a usage error): each of their
/// sessions runs alone to its end, with nobody to watch it.
struct LiveViewOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Show the session live in a browser: prints the page's address (with its token) on stderr. A command typed in the page runs as if typed (under run, between two lines of the scripts)."))
    var serve = false

    @Option(name: .customLong("serve-port"), parsing: .unconditional,
            help: ArgumentHelp(
                "The live view's port, \(NumericSetting.servePort.bounds) (default 8421; 0: any free port). Implies --serve.",
                valueName: "port"))
    var servePort: String?

    @Option(name: .customLong("serve-host"),
            help: ArgumentHelp(
                "Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0): other machines can then reach the session. Implies --serve.",
                valueName: "address"))
    var serveHost: String?

    func validate() throws {
        try NumericSetting.validate([(.servePort, servePort)])
        if let serveHost, serveHost.isEmpty {
            throw ValidationError("--serve-host needs an address, e.g. 127.0.0.1 or 0.0.0.0.")
        }
    }

    /// For `test`, `explore` and `check`: a usage error when any of these options is given.
    func refuse(in command: String) throws {
        guard settings != nil else { return }
        throw ValidationError(
            "--serve, --serve-port and --serve-host are for the interactive shell and `run`, not `\(command)`.")
    }

    /// The live view these options ask for, if any.
    var settings: LiveViewSettings? {
        guard serve || servePort != nil || serveHost != nil else { return nil }
        var settings = LiveViewSettings()
        if let port = NumericSetting.servePort.value(servePort) { settings.port = port }
        if let serveHost { settings.host = serveHost }
        return settings
    }
}
