import ReactorShell
import StateDiff

extension BoardReactor {
    /// What `reactor-shell explore` checks on the board scene.
    public nonisolated static let invariants: [ExploreInvariant] = [
        ExploreInvariant("post ids are unique, newest first") { probe in
            guard case .array(let posts)? = try? probe.value("board:posts") else { return nil }
            var previous: Int?
            for index in posts.indices {
                guard let id = ExploreChecks.int(probe, "board:posts[\(index)].id") else { continue }
                if let previous, id >= previous {
                    return ExploreViolation(
                        expectation: "board:posts[\(index)].id < \(previous)",
                        detail: "post id \(id) at posts[\(index)] after id \(previous)")
                }
                previous = id
            }
            return nil
        },
        ExploreInvariant("write can submit exactly when its title is not blank") { probe in
            guard case .string(let title)? = try? probe.value("write:title"),
                  case .bool(let canSubmit)? = try? probe.value("write:canSubmit"),
                  canSubmit == WriteReactor.isBlank(title)
            else { return nil }
            return ExploreViolation(expectation: "write:canSubmit == \(!canSubmit)", detail: "title \(StateValue.string(title).literal(maxLength: 40)), canSubmit \(canSubmit)")
        },
    ]

    /// The service's right answer to a post the board still shows but the service no longer has:
    /// time travel puts the board back, not the service, and a `delete 3 &` can still be in
    /// flight when the next line names post 3.
    public nonisolated static let acceptedErrors = ["no post with id"]

    /// `delete` and `rename` name a post the board shows (a person picks one from the list);
    /// `rename` gives a title that is not blank.
    public nonisolated static let generators: [CommandGenerator] = [
        CommandGenerator("delete", reactor: "board") { random, probe in
            shownPostID(&random, probe).map { ["id": .int($0)] }
        },
        CommandGenerator("rename", reactor: "board") { random, probe in
            // A title that is not blank: a blank one is refused, rightly.
            let title = random.pick(["Hello", "é", "日本語", "🙂", "a b", "\"quoted\"", String(repeating: "x", count: 300)])
            return shownPostID(&random, probe).map { ["id": .int($0), "title": .string(title)] }
        },
    ]

    @MainActor
    private static func shownPostID(_ random: inout ExploreRandom, _ probe: ExploreProbe) -> Int? {
        guard let count = ExploreChecks.int(probe, "board:posts.count"), count > 0 else { return nil }
        return ExploreChecks.int(probe, "board:posts[\(random.below(count))].id")
    }
}
