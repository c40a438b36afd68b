/// Something that happened at the input side of a line editor.
public enum LineEditorEvent: Equatable, Sendable {
    /// The user entered a line (without its line terminator).
    case line(String)
    /// Input line `lineNumber` (1-based, counting every line the editor read) was not valid
    /// UTF-8 (or held a NUL byte); it is skipped, reading goes on.
    case invalidUTF8(lineNumber: Int)
    /// Input line `lineNumber` (1-based) was longer than the line limit (`--max-line-length`); it
    /// is skipped, reading goes on.
    case tooLong(lineNumber: Int)
    /// End of input: Ctrl-D on an empty line, or the input closed.
    case endOfInput
    /// The user pressed Ctrl-C. The editor has already discarded the half-typed line.
    case interrupt
}

/// What a completion provider answers for a line and a cursor position.
///
/// `replaceFrom` is the offset (in `Character`s of the line) where the text the candidates
/// replace begins; the replaced text runs from there to the cursor. Candidates are complete
/// replacements for that text (for `counter.inc` with `replaceFrom` after the dot:
/// `["increase"]`).
public typealias LineCompletion = (replaceFrom: Int, candidates: [String])

/// What every Tab of the shell does with a completion's candidates (readline's and a pause's).
enum LineCompletionText {
    /// Candidates ending in one of these get no space appended when they are the only one: a
    /// `REACTOR.` or `REACTOR:` prefix, a directory, an argument label (`home:`, `home=`) — what
    /// follows them belongs to the same word, and the next Tab completes it.
    static let continuingSuffixes: Set<Character> = [".", "/", "=", ":"]

    /// The longest common prefix (in `Character`s) of `strings`.
    static func commonPrefix(of strings: [String]) -> String {
        guard var prefix = strings.first.map({ Substring($0) }) else { return "" }
        for string in strings.dropFirst() {
            while !string.hasPrefix(prefix) { prefix = prefix.dropLast() }
        }
        return String(prefix)
    }
}

/// Computes completions for `line` with the cursor at offset `cursor` (in `Character`s).
public typealias LineCompletionProvider = @MainActor (_ line: String, _ cursor: Int) -> LineCompletion

/// Where `LineEditor.printAbove(_:on:)` writes: results to standard output, errors to
/// standard error (each may be redirected while the other is the terminal).
public enum LineEditorOutputStream: Sendable {
    /// Standard output (results).
    case standardOutput
    /// Standard error (diagnostics).
    case standardError

    /// The stream's file descriptor.
    public var fileDescriptor: Int32 { self == .standardOutput ? 1 : 2 }
}

/// Receives a line editor's input events, on the main actor.
public typealias LineEditorEventHandler = @MainActor (LineEditorEvent) -> Void

/// A source of typed lines: GNU readline (or libedit) on a terminal, or plain reading for pipes.
///
/// The editor is event driven: `start` returns at once and the editor delivers events from
/// the main queue (the main actor's executor), so effects that finish while the user types
/// run in between keystrokes and print their output with `printAbove(_:)`.
@MainActor
public protocol LineEditor: AnyObject {
    /// Shows `prompt` and starts delivering input events to `handler` until `stop()`.
    func start(prompt: String, handler: @escaping LineEditorEventHandler)

    /// Replaces the prompt; shown at once if the editor is waiting for input.
    func setPrompt(_ prompt: String)

    /// Prints `text` (a newline is added when missing) on `stream` above the prompt; the
    /// half-typed line is redrawn intact with the cursor where it was.
    func printAbove(_ text: String, on stream: LineEditorOutputStream)

    /// Records `line` in the history (in memory and, when the editor has a store, on disk).
    func addHistory(_ line: String)

    /// The lines in the history, oldest first (what Up recalls); none by default.
    var historyEntries: [String] { get }

    /// The completion provider used on Tab, or `nil` for no completion.
    var completionProvider: LineCompletionProvider? { get set }

    /// Stops reading input and hides the prompt while a command runs; typed keys wait.
    /// Ctrl-C is still delivered as `.interrupt`.
    func pause()

    /// Shows the prompt again and resumes delivering input after `pause()`.
    func resume()

    /// Stops the editor for good and restores the terminal. Safe to call more than once.
    func stop()
}

extension LineEditor {
    /// No history.
    public var historyEntries: [String] { [] }

    /// Prints `text` on standard output above the prompt (see `printAbove(_:on:)`).
    public func printAbove(_ text: String) {
        printAbove(text, on: .standardOutput)
    }
}
