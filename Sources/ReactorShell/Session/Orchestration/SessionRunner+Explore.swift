extension SessionRunner {
    /// `:explore [OPTION…]`: `explore --reactor ENTRY OPTION…` on the entry loaded now, with this
    /// session's entry settings. Under the shell's own program it runs as a child process of it
    /// (its report on this terminal, a trap ending only the child); elsewhere (a session made by
    /// a test) here. The session itself is left as it is.
    func explore(_ options: [String]) async -> CommandOutcome {
        guard let entry = scene.entryName else { return output.fail("no reactor loaded; load one with :use NAME") }
        var arguments = ["explore", "--reactor", entry]
        for option in registry.options where option.isCommandLineOption {
            if let value = configuration.options[option.name] { arguments += ["--" + option.name, value] }
        }
        arguments += options
        output.sink.flush()
        let status: Int32
        if ExploreMain.runsInChildProcesses, let executable = ChildProcess.currentExecutable {
            var environment = configuration.environment
            environment[ExploreMain.childVariable] = nil
            switch ChildProcess.spawn(executable, arguments: arguments, environment: environment) {
            case .failure(let error): return output.fail(":explore could not start: \(error)")
            case .success(let pid):
                switch ChildProcess.wait(for: pid) {
                case .exited(let code): status = code
                case .signaled(let signal): status = 128 + signal
                }
            }
        } else {
            status = await exploreHere(arguments)
        }
        switch status {
        case 0: return .succeeded
        case 1: return output.fail(":explore found a failure (see the script it wrote)")
        default: return output.fail(":explore did not run (see `explore --help`)")
        }
    }

    private func exploreHere(_ arguments: [String]) async -> Int32 {
        let plan = LaunchPlan.parse(
            arguments, environment: configuration.environment, identity: configuration.identity, registry: registry)
        switch plan {
        case .explore(let parsed, let request):
            var settings = configuration
            settings.options = parsed.options
            return await ExploreReporter(registry: registry, configuration: settings, request: request, seed: request.seed ?? ExploreRandom.freshSeed(), sink: output.sink).exploreHere()
        case .usageError(let text), .message(let text):
            output.sink.writeError(text)
            return 2
        default:
            return 2
        }
    }
}
