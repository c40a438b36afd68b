/// The command lines of every start-up and of most batch runs, decided without ArgumentParser.
///
/// Building ArgumentParser's command tree and parsing is a large share of start-up (see
/// docs/performance.md), so a command line that is nothing at all, or `run` followed by file
/// names and at most one each of `--format text|json`, `--bail`, `--echo`, `--no-diff`, `--serve`,
/// `--serve-port PORT` and `--serve-exit` (a batch run with the live view, or its benchmark),
/// gets its plan directly. Anything else (another option, `help`, a repeated option, a name starting
/// with `-` other than `-` itself) goes through ArgumentParser.
extension LaunchPlan {
    /// The plan for `arguments` when it needs no parsing, else nil.
    static func planWithoutArgumentParser(_ arguments: [String], environment: [String: String]) -> LaunchPlan? {
        if arguments.isEmpty {
            return .shell(.withoutOptions(environment: environment))
        }
        guard arguments.count >= 2, arguments[0] == "run" else { return nil }
        var config = ShellConfiguration.withoutOptions(environment: environment)
        var files: [String] = []
        var seen: Set<String> = []
        var index = 1
        var serveExit = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                if argument.isEmpty || argument == "help" { return nil }
                files.append(argument)
                continue
            }
            // The few options a script run usually has; anything else (and any option given twice,
            // whose meaning ArgumentParser decides) goes to ArgumentParser.
            var name = argument, value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard seen.insert(name).inserted else { return nil }
            // An option's value: after `=`, else the next argument.
            func takeValue() {
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
            }
            switch name {
            case "--bail" where value == nil: config.bail = true
            case "--echo" where value == nil: config.echo = true
            case "--no-diff" where value == nil: config.showDiffs = false
            case "--serve" where value == nil: config.liveView = config.liveView ?? LiveViewSettings()
            case "--serve-exit" where value == nil: serveExit = true
            case "--serve-port":
                takeValue()
                // A port out of range (or no port) gets ArgumentParser's message.
                guard let value, case .success(let port) = NumericSetting.servePort.parse(value) else { return nil }
                config.liveView = config.liveView ?? LiveViewSettings()
                config.liveView?.port = port
            case "--format":
                takeValue()
                switch value {
                case "text": config.format = .text
                case "json": config.format = .json
                default: return nil
                }
            default: return nil
            }
        }
        guard !files.isEmpty else { return nil }
        if serveExit {
            config.liveView = config.liveView ?? LiveViewSettings()
            config.liveView?.keepsServingAfterRun = false
        }
        return .run(config, files: files)
    }
}

extension ShellConfiguration {
    /// What `SessionOptions.configuration(environment:)` gives when no option was typed: the
    /// defaults, in a process with `environment`.
    static func withoutOptions(environment: [String: String]) -> ShellConfiguration {
        var config = ShellConfiguration()
        config.environment = environment
        return config
    }
}
