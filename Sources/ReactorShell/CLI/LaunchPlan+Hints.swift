/// Hints added to usage errors, for the mistakes people make most, and `run`'s script options
/// accepted without `run`.
extension LaunchPlan {
    /// `reactor-shell --bail …` / `--echo …` without a subcommand: the shell on standard input
    /// with all the `run` options given, as `run -` takes them (a usage error later if standard
    /// input is a terminal). Nil when the arguments are not that. (The root command cannot declare
    /// the flags itself: ArgumentParser would then give `run --bail` to the root.)
    static func scriptOptionsWithoutRun(_ arguments: [String], environment: [String: String]) -> LaunchPlan? {
        guard arguments.contains(where: { $0 == "--bail" || $0 == "--echo" }),
              !arguments.contains(where: { ["run", "test", "check", "explore", "list", "help"].contains($0) }),
              let run = try? RootCommand.parseAsRoot(["run"] + arguments + ["-"]) as? RunCommand,
              run.files == ["-"]
        else { return nil }
        var config = run.configuration(environment: environment)
        // The root's own `--init`, which `run` does not take: the shell then says what to do instead.
        config.initFile = (try? RootCommand.parse(arguments.filter { $0 != "--bail" && $0 != "--echo" }))?.initFile
        return .shell(config)
    }

    /// `reactor-shell run ARGUMENTS…` when `arguments`, refused as they are, would be a valid
    /// `run` command line (`reactor-shell file.rsh`: the `run` was forgotten), else nil.
    static func runHint(_ arguments: [String]) -> String? {
        let subcommands = ["run", "test", "check", "explore", "list", "help"]
        guard let first = arguments.first(where: { !$0.hasPrefix("-") }),
              !subcommands.contains(first),
              Suggestions.nearest(to: first, among: subcommands).isEmpty,  // `lst` is ArgumentParser's to explain
              (try? RootCommand.parseAsRoot(["run"] + arguments)) is RunCommand
        else { return nil }
        return ([LaunchContext.identity.name, "run"] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    /// `word` as a POSIX shell would need it typed: as it is when safe, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || "-_./=:,+@%".utf8.contains(byte)
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}

extension String {
    /// The text with `suffix` added at the end of its first line.
    func replacingFirstLineEnd(with suffix: String) -> String {
        guard let newline = firstIndex(of: "\n") else { return self + suffix }
        return self[..<newline] + suffix + self[newline...]
    }
}
