import Testing
@testable import ReactorShell
import StateDiff

/// Registry entries bring their own settings: accepted, listed in help and resolved only in a
/// shell whose registry holds the entry.
@Suite("Registry entries' options")
struct RegistryOptionTests {
    static let search = RegistryEntry(
        name: "search", summary: "a search",
        options: [
            .option("backend", valueName: "fast|slow", help: "Which back end.", values: ["fast", "slow"], defaultValue: "fast"),
            .option("api-url", valueName: "url", help: "The API.", environment: "SEARCH_URL",
                    validate: { $0.hasPrefix("http") ? nil : "Expected an http(s) URL." }),
            .environment("SEARCH_TOKEN", help: "A secret."),
        ]
    ) { _ in Scene([]) }
    static let plain = RegistryEntry(name: "plain", summary: "no options") { _ in Scene([]) }

    private let withSearch = Registry([plain, search])
    private let withoutSearch = Registry([plain])

    private func configuration(_ plan: LaunchPlan) -> ShellConfiguration? {
        switch plan {
        case .shell(let configuration), .run(let configuration, _): configuration
        default: nil
        }
    }

    private func usageError(_ plan: LaunchPlan) -> String? {
        if case .usageError(let text) = plan { return text }
        return nil
    }

    private func message(_ plan: LaunchPlan) -> String? {
        if case .message(let text) = plan { return text }
        return nil
    }

    @Test func optionsAreTakenFromTheCommandLineInEitherFormAndBeforeOrAfterRun() throws {
        for arguments in [
            ["--backend", "slow", "--api-url", "http://x", "run", "a.rsh"],
            ["run", "--backend=slow", "a.rsh", "--api-url=http://x"],
            ["run", "--bail", "--backend", "slow", "--api-url", "http://x", "a.rsh"],
        ] {
            let plan = LaunchPlan.parse(arguments, environment: [:], registry: withSearch)
            guard case .run(let configuration, let files) = plan else {
                Issue.record("\(arguments): \(plan)")
                continue
            }
            #expect(files == ["a.rsh"], "\(arguments)")
            #expect(configuration.options == ["backend": "slow", "api-url": "http://x"], "\(arguments)")
        }
    }

    @Test func theEnvironmentAndTheDefaultsFillInWhatTheCommandLineLeaves() throws {
        let environment = ["SEARCH_URL": "http://env", "SEARCH_TOKEN": "t0ken", "OTHER": "x"]
        let fromEnvironment = try #require(configuration(LaunchPlan.parse([], environment: environment, registry: withSearch)))
        #expect(fromEnvironment.options == ["backend": "fast", "api-url": "http://env", "SEARCH_TOKEN": "t0ken"])

        let flagWins = try #require(configuration(LaunchPlan.parse(
            ["--api-url", "http://flag", "--no-diff"], environment: environment, registry: withSearch)))
        #expect(flagWins.options["api-url"] == "http://flag")
        #expect(flagWins.showDiffs == false)

        let emptyIsUnset = try #require(configuration(LaunchPlan.parse(
            [], environment: ["SEARCH_URL": "", "SEARCH_TOKEN": ""], registry: withSearch)))
        #expect(emptyIsUnset.options == ["backend": "fast"])
    }

    @MainActor
    @Test func aScenesContextReadsTheResolvedValues() throws {
        let parsed = try #require(configuration(LaunchPlan.parse(["--backend", "slow"], environment: [:], registry: withSearch)))
        let context = SceneContext(scheduler: .virtual(), configuration: parsed)
        #expect([context.option("backend"), context.option("api-url"), context.option("SEARCH_TOKEN")] == ["slow", nil, nil])
    }

    @Test(arguments: [
        (["--backend", "medium"], "The value 'medium' is invalid for '--backend <fast|slow>'. Please provide one of 'fast' and 'slow'."),
        (["run", "a.rsh", "--backend"], "Missing value for '--backend <fast|slow>'"),
        (["--api-url=ftp://x"], "The value 'ftp://x' is invalid for '--api-url <url>': Expected an http(s) URL."),
    ])
    func aBadOrMissingValueIsAUsageError(arguments: [String], expected: String) throws {
        let text = try #require(usageError(LaunchPlan.parse(arguments, environment: [:], registry: withSearch)))
        #expect(text.hasPrefix("Error: " + expected), "\(text)")
        #expect(text.contains("See 'reactor-shell --help'"), "\(text)")
    }

    @Test func aBadEnvironmentValueIsAUsageErrorThatNamesTheVariable() throws {
        let text = try #require(usageError(LaunchPlan.parse([], environment: ["SEARCH_URL": "nope"], registry: withSearch)))
        #expect(text.contains("'nope' of SEARCH_URL is invalid for '--api-url <url>'"), "\(text)")
    }

    @Test func aShellWhoseRegistryLacksTheEntryKnowsNoneOfItsOptions() throws {
        let text = try #require(usageError(LaunchPlan.parse(["--backend", "slow"], environment: [:], registry: withoutSearch)))
        #expect(text.contains("Unknown option '--backend'"), "\(text)")
        let ignored = try #require(configuration(LaunchPlan.parse([], environment: ["SEARCH_URL": "http://env"], registry: withoutSearch)))
        #expect(ignored.options.isEmpty)
        let help = try #require(message(LaunchPlan.parse(["--help"], environment: [:], registry: withoutSearch)))
        #expect(!help.contains("backend") && !help.contains("SEARCH_"), "\(help)")
    }

    @Test func helpListsEachEntrysOptionsInASectionOfItsOwnAndInTheUsageLine() throws {
        for arguments in [["--help"], ["run", "--help"]] {
            let help = try #require(message(LaunchPlan.parse(arguments, environment: [:], registry: withSearch)))
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = try #require(lines.first { $0.hasPrefix("USAGE:") })
            // Both commands have so many options (the live view's among them) that ArgumentParser
            // shortens their usage lines to `<options>`; the section below lists the entry's.
            #expect(usage.contains("[--reactor <name>] [--backend <fast|slow>] [--api-url <url>]")
                    || usage.contains(" <options> ") || usage.contains(" [<options>] "), "\(usage)")
            let section = try #require(lines.firstIndex(of: "SEARCH OPTIONS:"), "\(help)")
            #expect(lines[section - 1] == "", "a blank line before the section: \(help)")
            #expect(lines[section + 1].hasPrefix("  --backend <fast|slow>") && lines[section + 1].contains("Which back end."))
            #expect(lines[section + 1].contains("(values: fast, slow; default: fast)"))
            #expect(lines[section + 2].hasPrefix("  --api-url <url>") && lines[section + 2].contains("(env SEARCH_URL)"))
            #expect(lines[section + 3].hasPrefix("  SEARCH_TOKEN") && lines[section + 3].contains("A secret."))
            #expect(!help.contains("PLAIN OPTIONS"), "an entry without options gets no section")
            let options = try #require(lines.firstIndex(of: "OPTIONS:"))
            #expect(options < section, "after the shell's own options")
        }
    }

    @Test func anOptionValueAfterDoubleDashIsLeftAlone() throws {
        let plan = LaunchPlan.parse(["run", "--", "--backend"], environment: [:], registry: withSearch)
        guard case .run(let configuration, let files) = plan else {
            Issue.record("\(plan)")
            return
        }
        #expect(files == ["--backend"])
        #expect(configuration.options["backend"] == "fast")
    }
}

/// The man page (`swift package generate-manual`) is written from ArgumentParser's dump of the
/// commands, which knows only the shell's own options: the entries' settings are added to it.
@Suite("Registry entries' options in the man page's dump")
struct RegistryOptionDumpTests {
    private static let search = RegistryOptionTests.search

    /// The long names of a command's arguments, in order.
    private func argumentNames(_ command: StateValue?) -> [String] {
        guard case .array(let arguments)? = command?["arguments"] else { return [] }
        return arguments.compactMap {
            if case .string(let name)? = $0["preferredName"]?["name"] { name } else { nil }
        }
    }

    @Test func settingsFollowReactorInTheRootCommandAndInRun() throws {
        let plan = LaunchPlan.parse(["--experimental-dump-help"], environment: [:], registry: Registry([Self.search]))
        guard case .message(let text) = plan else {
            Issue.record("expected the dump, got \(plan)")
            return
        }
        let dump = try StateValue(jsonText: text)
        let root = dump["command"]
        #expect(Array(argumentNames(root).prefix(4)) == ["reactor", "backend", "api-url", "max-line-length"])
        guard case .array(let subcommands)? = root?["subcommands"] else {
            Issue.record("no subcommands in \(text)")
            return
        }
        let runName: StateValue = .string("run")
        let run = subcommands.first { command in command["commandName"] == runName }
        let names = argumentNames(run)
        #expect(names.filter { $0 == "backend" }.count == 1)
        #expect(names.firstIndex(of: "backend").map { names[$0 - 1] } == "reactor")
        // Environment-only settings are not options.
        #expect(!text.contains("SEARCH_TOKEN"))
        let backendName: StateValue = .string("backend")
        guard case .array(let rootArguments)? = root?["arguments"],
              let backend = rootArguments.first(where: { argument in argument["preferredName"]?["name"] == backendName })
        else {
            Issue.record("no --backend in \(text)")
            return
        }
        #expect(backend["abstract"] == .string("Which back end. (values: fast, slow; default: fast)"))
        #expect(backend["kind"] == .string("option"))
        #expect(backend["valueName"] == .string("fast|slow"))
    }

    @Test func aShellWithoutSettingsGetsArgumentParsersDumpUnchanged() throws {
        let plain = RegistryOptionTests.plain
        let plan = LaunchPlan.parse(["--experimental-dump-help"], environment: [:], registry: Registry([plain]))
        guard case .message(let text) = plan else {
            Issue.record("expected the dump, got \(plan)")
            return
        }
        #expect(RegistryOptionHelp.amendDump(text, registry: Registry([plain])) == text)
        #expect(RegistryOptionHelp.amendDump("not JSON", registry: Registry([Self.search])) == "not JSON")
    }
}
