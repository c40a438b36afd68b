import ReactorShell

extension BoardReactor {
    /// The shell commands of the `board` reactor.
    public static let commands: [ActionCommand<Action>] = [
        ActionCommand("refresh", doc: "Reloads the posts from the service.") { _ in .refresh },
        ActionCommand("delete", doc: "Asks the service to delete a post; the list hears it as an event.",
                      parameters: [.int("id")]) { args in .delete(id: try args.int("id")) },
        ActionCommand("rename", doc: "Asks the service to change a post's title; the list replaces the post when it hears the update.",
                      parameters: [.int("id"), .string("title")]) { args in
            .rename(id: try args.int("id"), title: try args.string("title"))
        },
    ]
}
