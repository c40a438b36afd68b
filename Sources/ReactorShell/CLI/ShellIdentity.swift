/// What a shell calls itself: the name and version in `--help`, `--version` and the banner, the
/// directory of its history file (`$XDG_STATE_HOME/NAME/history`), the variable that overrides
/// that file (`NAME_HISTORY`, upper-cased, `-` as `_`) and readline's application name, which
/// `~/.inputrc` tests with `$if NAME`.
///
/// ```swift
/// await ReactorShellMain.run(name: "todo-shell", version: "1.2.0", registry: registry)
/// ```
public struct ShellIdentity: Sendable, Equatable {
    /// The program's name: `todo-shell`. Not empty, no `/` (it names a directory).
    public var name: String
    /// The version `--version` prints: `1.2.0`.
    public var version: String
    /// The one-line description at the top of `--help`.
    public var abstract: String
    /// The start of the interactive banner; nil gives `NAME VERSION`. The shell adds which
    /// reactor is loaded and how to get help and leave.
    public var banner: String?

    /// An identity. `name` must not be empty or contain `/`.
    public init(name: String, version: String, abstract: String? = nil, banner: String? = nil) {
        precondition(!name.isEmpty && !name.contains("/"), "a shell's name must not be empty or contain '/': \(name)")
        self.name = name
        self.version = version
        self.abstract = abstract ?? "Drive ReactorKit-style reactors from a scriptable shell."
        self.banner = banner
    }

    /// `reactor-shell` itself, at this package's version.
    public static var reactorShell: ShellIdentity {
        ShellIdentity(name: "reactor-shell", version: reactorShellVersion)
    }

    /// The environment variable for the number of history entries kept (like bash's `HISTSIZE`):
    /// `REACTOR_SHELL_HISTSIZE`, `TODO_SHELL_HISTSIZE`.
    public var historySizeVariable: String {
        String(historyVariable.dropLast("HISTORY".count)) + "HISTSIZE"
    }

    /// The environment variable naming the history file: `REACTOR_SHELL_HISTORY`, `TODO_SHELL_HISTORY`.
    public var historyVariable: String {
        var variable = ""
        for character in name.unicodeScalars {
            if character.properties.isAlphabetic || ("0"..."9").contains(character) {
                variable += String(character).uppercased()
            } else {
                variable += "_"
            }
        }
        return variable + "_HISTORY"
    }

    /// The first part of the interactive banner.
    var greeting: String { banner ?? "\(name) \(version)" }
}
