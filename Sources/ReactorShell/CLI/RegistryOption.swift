/// A setting that belongs to one registry entry rather than to the shell: a command-line option
/// (`--fetcher network`), optionally with an environment variable as fallback, or an environment
/// variable alone (`GITHUB_TOKEN`). A shell accepts, lists in `--help` and reads an entry's
/// settings only when its registry holds that entry; the entry reads the resolved values through
/// ``SceneContext/option(_:)``.
///
/// ```swift
/// RegistryEntry(name: "todo", summary: "…", options: [
///     .option("todo-file", valueName: "path", help: "Where the list is kept.", environment: "TODO_FILE"),
/// ]) { context in … context.option("todo-file") … }
/// ```
public struct RegistryOption: Sendable {
    /// What the entry asks ``SceneContext/option(_:)`` for: the long option's name without its
    /// dashes (`fetcher`), or the environment variable of an environment-only setting.
    public let name: String
    /// Whether `--name VALUE` is accepted on the command line (false: environment only).
    public let isCommandLineOption: Bool
    /// The environment variable read when the option is not given (empty values count as unset).
    public let environmentVariable: String?
    /// The placeholder in help: `--fetcher <stub|network>`.
    public let valueName: String
    /// One line for `--help`.
    public let help: String
    /// The only values accepted, if the set is closed.
    public let allowedValues: [String]?
    /// The value when neither the command line nor the environment gives one.
    public let defaultValue: String?
    /// Checks a value; returns why it is not acceptable, or nil.
    public let validate: (@Sendable (String) -> String?)?
    /// When the entry uses the setting, if not always (nil): a value from the environment that
    /// fails ``validate`` is then no usage error at start, but stops the entry from loading when
    /// this holds of the resolved settings (by name), e.g. a base URL used only by a network back
    /// end. A value typed on the command line is checked at start whatever this says.
    public let usedWhen: (@Sendable ([String: String]) -> Bool)?

    /// A command-line option `--name VALUE` (also `--name=VALUE`), falling back to `environment`.
    public static func option(
        _ name: String, valueName: String, help: String, environment: String? = nil,
        values: [String]? = nil, defaultValue: String? = nil,
        validate: (@Sendable (String) -> String?)? = nil,
        usedWhen: (@Sendable ([String: String]) -> Bool)? = nil
    ) -> RegistryOption {
        RegistryOption(
            name: name, isCommandLineOption: true, environmentVariable: environment, valueName: valueName,
            help: help, allowedValues: values, defaultValue: defaultValue, validate: validate, usedWhen: usedWhen)
    }

    /// A setting read from the environment variable `variable` only (a secret such as a token).
    /// Its name, for ``SceneContext/option(_:)``, is the variable's.
    public static func environment(
        _ variable: String, help: String, validate: (@Sendable (String) -> String?)? = nil
    ) -> RegistryOption {
        RegistryOption(
            name: variable, isCommandLineOption: false, environmentVariable: variable, valueName: "value",
            help: help, allowedValues: nil, defaultValue: nil, validate: validate, usedWhen: nil)
    }

    /// `--fetcher <stub|network>`, or `GITHUB_TOKEN` for an environment-only setting.
    var label: String {
        isCommandLineOption ? "--\(name) <\(valueName)>" : environmentVariable ?? name
    }

    /// Why `value` is not acceptable, or nil: what follows "The value 'x' is invalid for '--name
    /// <value>'" in the usage error (`. Please provide one of …` or `: ` and the check's reason).
    func problem(with value: String) -> String? {
        if let allowedValues, !allowedValues.contains(value) {
            let quoted = allowedValues.map { "'\($0)'" }
            let list = quoted.count <= 2
                ? quoted.joined(separator: " and ")
                : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
            return ". Please provide one of \(list)."
        }
        return validate?(value).map { ": " + $0 }
    }
}

extension RegistryEntry {
    /// Why the entry cannot be loaded with `configuration`'s settings, if it cannot: a setting it
    /// uses there whose environment value failed its check (see ``RegistryOption/usedWhen``).
    public func loadProblem(with configuration: ShellConfiguration) -> String? {
        for option in options {
            if let problem = configuration.deferredOptionProblems[option.name],
               option.usedWhen?(configuration.options) ?? true {
                return "cannot load \(name): \(problem)"
            }
        }
        return nil
    }
}

extension Registry {
    /// The settings of every entry, in entry order, each name once (the first declaration wins).
    public var options: [RegistryOption] {
        var seen: Set<String> = []
        var result: [RegistryOption] = []
        for entry in entries {
            for option in entry.options where seen.insert(option.name).inserted {
                result.append(option)
            }
        }
        return result
    }
}
