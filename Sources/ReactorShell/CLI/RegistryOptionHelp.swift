import StateDiff

/// The registry entries' settings in help and usage texts, which ArgumentParser writes from the
/// shell's own options only.
enum RegistryOptionHelp {
    /// Where ArgumentParser's help puts the description of an option with a short label.
    private static let helpColumn = 26
    private static let width = 80

    /// `text` (a help or usage-error text of a command that takes the session options, which all
    /// list `--reactor <name>`) with the settings of `registry`'s entries: in each usage line
    /// after `[--reactor <name>]` (a usage line that ArgumentParser shortened to `[<options>]`
    /// covers them already), and, in a help text, one section per entry after `OPTIONS:`.
    /// Other texts come back unchanged.
    static func amend(_ text: String, registry: Registry) -> String {
        let anchor = "[--reactor <name>]"
        guard text.contains("--reactor <name>") else { return text }
        let commandLineOptions = registry.options.filter(\.isCommandLineOption)
        var result = text
        if !commandLineOptions.isEmpty {
            let usage = commandLineOptions.map { "[\($0.label)]" }.joined(separator: " ")
            result = result.replacing(anchor, with: anchor + " " + usage)
        }
        let sections = registry.entries.filter { !$0.options.isEmpty }.map(section(for:))
        guard !sections.isEmpty, let options = result.firstRange(of: "\nOPTIONS:\n") else { return result }
        let insertion = "\n\n" + sections.joined(separator: "\n\n")
        if let end = result[options.upperBound...].firstRange(of: "\n\n") {
            result.insert(contentsOf: insertion, at: end.lowerBound)
        } else {
            while result.hasSuffix("\n") { result.removeLast() }
            result += insertion + "\n"
        }
        return result
    }

    /// `GITHUB-SEARCH OPTIONS:` and a line (or two) per setting, laid out like ArgumentParser's.
    static func section(for entry: RegistryEntry) -> String {
        var lines = ["\(entry.name.uppercased()) OPTIONS:"]
        for option in entry.options {
            let help = description(of: option)
            let label = "  " + option.label
            var wrapped = wrap(help, width: width - helpColumn)
            if label.count + 2 <= helpColumn {
                lines.append(label.padding(to: helpColumn) + wrapped.removeFirst())
            } else {
                lines.append(label)
            }
            lines += wrapped.map { String(repeating: " ", count: helpColumn) + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// The option's help with its values, default and environment variable:
    /// `Where results come from. (values: stub, network; default: stub; env GITHUB_FETCHER)`.
    private static func description(of option: RegistryOption) -> String {
        var details: [String] = []
        if let values = option.allowedValues { details.append("values: " + values.joined(separator: ", ")) }
        if let value = option.defaultValue { details.append("default: " + value) }
        if option.isCommandLineOption, let variable = option.environmentVariable { details.append("env " + variable) }
        if !option.isCommandLineOption { details.append("environment variable") }
        return details.isEmpty ? option.help : option.help + " (" + details.joined(separator: "; ") + ")"
    }

    /// ArgumentParser's `--experimental-dump-help` JSON, from which `swift package generate-manual`
    /// writes the man page, with `registry`'s command-line settings added after `--reactor` in
    /// every command that has it (ArgumentParser knows only the shell's own options). Text that
    /// is not such JSON comes back unchanged.
    static func amendDump(_ text: String, registry: Registry) -> String {
        let options = registry.options.filter(\.isCommandLineOption).map(argumentInfo(for:))
        guard !options.isEmpty, let dump = try? StateValue(jsonText: text), case .object = dump else { return text }
        return addingOptions(options, to: dump).jsonText
    }

    /// `command` (a dump, a command or any value) with `options` after `--reactor` in its
    /// arguments and in its subcommands'.
    private static func addingOptions(_ options: [StateValue], to command: StateValue) -> StateValue {
        guard case .object(var fields) = command else { return command }
        for index in fields.indices {
            switch (fields[index].key, fields[index].value) {
            case ("command", let inner):
                fields[index].value = addingOptions(options, to: inner)
            case ("subcommands", .array(let commands)):
                fields[index].value = .array(commands.map { addingOptions(options, to: $0) })
            case ("arguments", .array(var arguments)):
                guard let reactor = arguments.firstIndex(where: { preferredLongName(of: $0) == "reactor" }) else { break }
                arguments.insert(contentsOf: options, at: reactor + 1)
                fields[index].value = .array(arguments)
            default:
                break
            }
        }
        return .object(fields)
    }

    /// The long name an argument of the dump is known by (`reactor`), if it has one.
    private static func preferredLongName(of argument: StateValue) -> String? {
        guard case .object(let fields) = argument,
              case .object(let name)? = fields.first(where: { $0.key == "preferredName" })?.value,
              name.contains(StateField("kind", .string("long"))),
              case .string(let text)? = name.first(where: { $0.key == "name" })?.value else { return nil }
        return text
    }

    /// A setting as the dump describes an option (the fields ArgumentParser writes for `--reactor`).
    private static func argumentInfo(for option: RegistryOption) -> StateValue {
        let name = StateValue.object([
            StateField("kind", .string("long")), StateField("name", .string(option.name)),
        ])
        var fields = [StateField("abstract", .string(description(of: option)))]
        if let value = option.defaultValue { fields.append(StateField("defaultValue", .string(value))) }
        fields += [
            StateField("isOptional", .bool(true)), StateField("isRepeating", .bool(false)),
            StateField("kind", .string("option")), StateField("names", .array([name])),
            StateField("parsingStrategy", .string("default")), StateField("preferredName", name),
            StateField("shouldDisplay", .bool(true)), StateField("valueName", .string(option.valueName)),
        ]
        return .object(fields)
    }

    /// `text` in lines of at most `width` characters, broken at blanks.
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}

private extension String {
    func padding(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
