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
            "\(config.environment.sorted { $0.key < $1.key })", "\(config.liveView as Any)",
        ]
    }

    @Test func noArgumentsGiveTheSameShellPlanAsArgumentParser() throws {
        let fast = try #require(LaunchPlan.planWithoutArgumentParser([], environment: environment))
        let parsed = LaunchPlan.parseWithArgumentParser([], environment: environment)
        guard case .shell(let fastConfig) = fast, case .shell(let parsedConfig) = parsed else {
            Issue.record("expected two shell plans, got \(fast) and \(parsed)")
            return
        }
        #expect(fields(fastConfig) == fields(parsedConfig))
    }

    @Test func runWithPlainFilesGivesTheSameRunPlanAsArgumentParser() throws {
        let arguments = ["run", "a.rsh", "-", "dir/b.rsh"]
        let fast = try #require(LaunchPlan.planWithoutArgumentParser(arguments, environment: [:]))
        let parsed = LaunchPlan.parseWithArgumentParser(arguments, environment: [:])
        guard case .run(let fastConfig, let fastFiles) = fast, case .run(let parsedConfig, let parsedFiles) = parsed else {
            Issue.record("expected two run plans, got \(fast) and \(parsed)")
            return
        }
        #expect(fastFiles == ["a.rsh", "-", "dir/b.rsh"])
        #expect(fastFiles == parsedFiles)
        #expect(fields(fastConfig) == fields(parsedConfig))
    }

    @Test(arguments: [
        ["run", "--format", "json", "a.rsh"], ["run", "a.rsh", "--format=text", "b.rsh"],
        ["run", "--bail", "--echo", "--no-diff", "-", "a.rsh"], ["run", "a.rsh", "--format", "text", "--bail"],
        ["run", "--no-diff", "--format=json", "--echo", "x"],
        ["run", "--serve-port", "0", "--serve-exit", "-"], ["run", "--serve", "a.rsh"],
        ["run", "--serve-exit", "a.rsh"], ["run", "a.rsh", "--serve-port=65535", "--serve"],
        ["run", "--serve-exit", "--serve-port", "8000", "--format", "json", "a.rsh"],
    ])
    func runWithTheUsualOptionsGivesTheSameRunPlanAsArgumentParser(_ arguments: [String]) throws {
        let fast = try #require(LaunchPlan.planWithoutArgumentParser(arguments, environment: environment))
        let parsed = LaunchPlan.parseWithArgumentParser(arguments, environment: environment)
        guard case .run(let fastConfig, let fastFiles) = fast, case .run(let parsedConfig, let parsedFiles) = parsed else {
            Issue.record("expected two run plans, got \(fast) and \(parsed)")
            return
        }
        #expect(fastFiles == parsedFiles)
        #expect(fields(fastConfig) == fields(parsedConfig))
    }

    @Test func optionsHelpAndMissingFilesAreLeftToArgumentParser() {
        for arguments in [
            ["run"], ["run", "help"], ["run", "-h"], ["--no-diff"], ["list"], ["help"], ["run", "--bail"],
            ["run", "--format", "xml", "a.rsh"], ["run", "a.rsh", "--format"], ["run", "--format=", "a.rsh"],
            ["run", "--bail", "--bail", "a.rsh"], ["run", "--format", "json", "--format=text", "a.rsh"],
            ["run", "--bail=yes", "a.rsh"], ["run", "--", "a.rsh"], ["run", "--color", "never", "a.rsh"],
            ["run", "--step", "a.rsh"], ["run", "-x", "a.rsh"],
            ["run", "--serve-port", "65536", "a.rsh"], ["run", "--serve-port", "port", "a.rsh"],
            ["run", "a.rsh", "--serve-port"], ["run", "--serve=1", "a.rsh"], ["run", "--serve-host", "0.0.0.0", "a.rsh"],
            ["run", "--serve", "--serve", "a.rsh"],
        ] {
            #expect(LaunchPlan.planWithoutArgumentParser(arguments, environment: [:]) == nil, "\(arguments)")
        }
    }
}
