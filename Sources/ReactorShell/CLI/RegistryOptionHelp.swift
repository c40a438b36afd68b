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
            var details: [String] = []
            if let values = option.allowedValues { details.append("values: " + values.joined(separator: ", ")) }
            if let value = option.defaultValue { details.append("default: " + value) }
            if option.isCommandLineOption, let variable = option.environmentVariable { details.append("env " + variable) }
            if !option.isCommandLineOption { details.append("environment variable") }
            let help = details.isEmpty ? option.help : option.help + " (" + details.joined(separator: "; ") + ")"
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
