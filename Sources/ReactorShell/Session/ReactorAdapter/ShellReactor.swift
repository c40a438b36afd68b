/// What the session asks of a reactor of a scene, whatever its types: its name, its commands, a
/// way to send one, its state, and its runtime events written to the scene's journal. Make one
/// with ``ReactorHandle`` (a conformer of its own wraps a handle: ``state`` comes from it).
@MainActor
public protocol ShellReactor: AnyObject {
    /// The name used in `REACTOR.ACTION`, `:focus` and `REACTOR:PATH`; fixed for the reactor's life
    /// (printers keep it with the reactor).
    var name: String { get }
    /// The declared commands.
    var commandTable: ReactorCommandTable { get }
    /// Builds the action of command `commandIndex` of ``commandTable`` from `arguments`, already
    /// bound to its signature, calls `willSend`, and sends the action. An error of the command's
    /// `build` is thrown as a diagnostic at `origin`, `column` (the action's name), before
    /// `willSend` is called and without sending anything.
    func send(
        commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int, willSend: () -> Void
    ) throws(Diagnostic)
    /// The state as the session reads it (a value tree, now or right after a reduction not
    /// drained yet; its own changes) and sets it back (time travel, `:reset`).
    var state: ShellReactorState { get }
    /// Starts writing this reactor's runtime events to `journal`, as reactor `index` of its scene
    /// (replacing the journal it wrote to before); the new state of each reduction is kept by
    /// ``state`` until the journal is drained.
    func recordEvents(into journal: SceneJournal, as index: Int)
}
