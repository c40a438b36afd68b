import Testing
@testable import ReactorShell

/// Registry entries bring their own settings: accepted, listed in help and resolved only in a
/// shell whose registry holds the entry.
@Suite("Registry entries' options")
struct RegistryOptionTests {
    private static let search = RegistryEntry(
        name: "search", summary: "a search",
        options: [
            .option("backend", valueName: "fast|slow", help: "Which back end.", values: ["fast", "slow"], defaultValue: "fast"),
            .option("api-url", valueName: "url", help: "The API.", environment: "SEARCH_URL",
                    validate: { $0.hasPrefix("http") ? nil : "Expected an http(s) URL." }),
            .environment("SEARCH_TOKEN", help: "A secret."),
        ]
    ) { _ in Scene([]) }
    private static let plain = RegistryEntry(name: "plain", summary: "no options") { _ in Scene([]) }

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
            // `run` has so many options that ArgumentParser shortens its usage line to `[<options>]`.
            #expect(usage.contains("[--reactor <name>] [--backend <fast|slow>] [--api-url <url>]")
                    || (arguments.first == "run" && usage.contains(" [<options>] ")), "\(usage)")
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
