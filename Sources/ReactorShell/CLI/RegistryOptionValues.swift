/// The registry entries' settings of one command line: taken out of the arguments before the
/// shell's own options are parsed, then completed from the environment and the defaults.
struct RegistryOptionValues {
    /// The arguments left for the shell's own parser.
    var remainingArguments: [String]
    /// Each setting that has a value, by ``RegistryOption/name``.
    var values: [String: String]
    /// Environment values that failed the check of a setting used only sometimes
    /// (``RegistryOption/usedWhen``), by setting name: the problem, for when an entry that uses
    /// it is loaded. Such a setting gets its default meanwhile.
    var deferredProblems: [String: String] = [:]

    /// Takes `--name VALUE` and `--name=VALUE` of `options` out of `arguments` (up to a `--`),
    /// then fills in what is missing from `environment` (non-empty values) and the defaults.
    /// Returns a usage error's text (ArgumentParser's style, naming `shellName`) for a missing or
    /// unacceptable value.
    static func resolve(
        _ arguments: [String], options: [RegistryOption], environment: [String: String], shellName: String
    ) -> Result<RegistryOptionValues, UsageErrorText> {
        var result = RegistryOptionValues(remainingArguments: [], values: [:])
        guard !options.isEmpty else {
            result.remainingArguments = arguments
            return .success(result)
        }
        func failure(_ text: String) -> Result<RegistryOptionValues, UsageErrorText> {
            .failure(UsageErrorText(text: "Error: \(text)\n  See '\(shellName) --help' for more information."))
        }
        var index = 0
        var given: Set<String> = []
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.remainingArguments.append(contentsOf: arguments[(index - 1)...])
                break
            }
            guard argument.hasPrefix("--"), let (option, inlineValue) = Self.match(argument, in: options) else {
                result.remainingArguments.append(argument)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                return failure("Missing value for '\(option.label)'")
            }
            if let problem = option.problem(with: value) {
                return failure("The value '\(value.prefix(80))' is invalid for '\(option.label)'\(problem)")
            }
            result.values[option.name] = value
            given.insert(option.name)
        }
        for option in options where !given.contains(option.name) {
            if let variable = option.environmentVariable, let value = environment[variable], !value.isEmpty {
                if let problem = option.problem(with: value) {
                    let text = "The value '\(value.prefix(80))' of \(variable) is invalid for '\(option.label)'\(problem)"
                    guard option.usedWhen != nil else { return failure(text) }
                    result.deferredProblems[option.name] = text
                    if let value = option.defaultValue { result.values[option.name] = value }
                    continue
                }
                result.values[option.name] = value
            } else if let value = option.defaultValue {
                result.values[option.name] = value
            }
        }
        return .success(result)
    }

    /// The command-line option that `argument` (`--name` or `--name=value`) names, and its inline value.
    private static func match(_ argument: String, in options: [RegistryOption]) -> (RegistryOption, String?)? {
        let body = argument.dropFirst(2)
        let name: Substring
        let value: String?
        if let equals = body.firstIndex(of: "=") {
            name = body[..<equals]
            value = String(body[body.index(after: equals)...])
        } else {
            name = body
            value = nil
        }
        guard let option = options.first(where: { $0.isCommandLineOption && $0.name == name }) else { return nil }
        return (option, value)
    }
}

/// The full text of a usage error (exit status 2).
struct UsageErrorText: Error {
    let text: String
}
