/// The two command lines every batch run and start-up uses, decided without ArgumentParser.
///
/// Building ArgumentParser's command tree and parsing is a large share of start-up (see
/// docs/performance.md), so a command line without options — nothing at all, or `run` followed
/// by plain file names — gets its plan directly. Anything else (an option, `help`, a name
/// starting with `-` other than `-` itself) goes through ArgumentParser.
extension LaunchPlan {
    /// The plan for `arguments` when it needs no parsing, else nil.
    static func planWithoutOptions(_ arguments: [String], environment: [String: String]) -> LaunchPlan? {
        if arguments.isEmpty {
            return .shell(.withoutOptions(environment: environment))
        }
        guard arguments.count >= 2, arguments[0] == "run" else { return nil }
        let files = Array(arguments.dropFirst())
        for file in files where file.isEmpty || file == "help" || (file.hasPrefix("-") && file != "-") {
            return nil
        }
        return .run(.withoutOptions(environment: environment), files: files)
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
