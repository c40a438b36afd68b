import ReactorShell

extension WriteReactor {
    /// The shell commands of the `write` reactor.
    public static let commands: [ActionCommand<Action>] = [
        ActionCommand("updateTitle", doc: "Sets the title (submitting needs a title that is not blank).",
                      parameters: [.string("title")]) { args in .updateTitle(try args.string("title")) },
        ActionCommand("updateContent", doc: "Sets the content.",
                      parameters: [.string("content")]) { args in .updateContent(try args.string("content")) },
        ActionCommand("submit", doc: "Creates the post and dismisses the editor; ignored while the title is blank.") { _ in
            .submit
        },
    ]
}
