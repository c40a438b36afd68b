import Testing
@testable import ReactorShell

/// The command lines decided without ArgumentParser must give exactly what ArgumentParser gives.
struct LaunchPlanFastPathTests {
    private let environment = [
        "GITHUB_API_URL": "http://127.0.0.1:9/api", "GITHUB_TOKEN": "secret", "TERM": "xterm",
    ]

    /// The fields of a configuration, for comparing two of them.
    private func fields(_ config: ShellConfiguration) -> [String] {
        [
            "\(config.initialReactor as Any)", "\(config.options.sorted { $0.key < $1.key })",
            "\(config.identity)", "\(config.format)", "\(config.color)", "\(config.showDiffs)",
            "\(config.historyFile as Any)", "\(config.clock as Any)", "\(config.bail)", "\(config.echo)",
            "\(config.environment.sorted { $0.key < $1.key })",
        ]
    }

    @Test func noArgumentsGiveTheSameShellPlanAsArgumentParser() throws {
        let fast = try #require(LaunchPlan.planWithoutOptions([], environment: environment))
        let parsed = LaunchPlan.parseWithArgumentParser([], environment: environment)
        guard case .shell(let fastConfig) = fast, case .shell(let parsedConfig) = parsed else {
            Issue.record("expected two shell plans, got \(fast) and \(parsed)")
            return
        }
        #expect(fields(fastConfig) == fields(parsedConfig))
    }

    @Test func runWithPlainFilesGivesTheSameRunPlanAsArgumentParser() throws {
        let arguments = ["run", "a.rsh", "-", "dir/b.rsh"]
        let fast = try #require(LaunchPlan.planWithoutOptions(arguments, environment: [:]))
        let parsed = LaunchPlan.parseWithArgumentParser(arguments, environment: [:])
        guard case .run(let fastConfig, let fastFiles) = fast, case .run(let parsedConfig, let parsedFiles) = parsed else {
            Issue.record("expected two run plans, got \(fast) and \(parsed)")
            return
        }
        #expect(fastFiles == ["a.rsh", "-", "dir/b.rsh"])
        #expect(fastFiles == parsedFiles)
        #expect(fields(fastConfig) == fields(parsedConfig))
    }

    @Test func optionsHelpAndMissingFilesAreLeftToArgumentParser() {
        for arguments in [["run"], ["run", "--bail", "a.rsh"], ["run", "help"], ["run", "-h"], ["--no-diff"], ["list"], ["help"]] {
            #expect(LaunchPlan.planWithoutOptions(arguments, environment: [:]) == nil, "\(arguments)")
        }
    }
}
