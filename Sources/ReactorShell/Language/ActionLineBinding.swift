import StateDiff

/// The fast path's binding: an unprefixed action line whose arguments are all positional, bound to
/// the focused reactor's command straight from the first pass's plans, exactly as resolving and
/// ``CommandSignature/bind(_:)`` would bind it. Anything else (a `REACTOR.` prefix, a labelled
/// argument, an unknown command, any argument that would not bind) is left to the general path,
/// so every message still comes from one place.
extension LineCursor {
    /// Why a line is left to the general path.
    struct NotBound: Error {}

    /// Binds the line to the command named `bytes[name]` of the focused reactor, into `bound`;
    /// false when it is left to the general path.
    func bind(
        name: Range<Int>, plans: UnsafeMutableBufferPointer<ArgumentPlan>, count: Int, isBackground: Bool, scene: SceneCommands,
        focus: Int, into bound: inout BoundActionLine
    ) -> Bool {
        guard let (reactor, command, parameterCount) = scene.command(
            named: bytes, from: name.lowerBound, to: name.upperBound, focus: focus), count <= parameterCount else { return false }
        let fields: [StateField]
        if parameterCount == 0 {
            fields = []
        } else {
            for position in 0..<count where plans[position].labelStart >= 0 { return false }
            let parameters = scene.tables[reactor].signatures[command].parameters
            do {
                fields = try makeArray(count: parameterCount) { index throws(NotBound) in
                    let parameter = parameters[index]
                    if index < count { return StateField(parameter.label, try value(of: plans[index], for: parameter)) }
                    guard let defaultValue = parameter.defaultValue else { throw NotBound() }
                    return StateField(parameter.label, defaultValue)
                }
            } catch {
                return false
            }
        }
        bound = BoundActionLine(
            reactor: reactor, command: command, arguments: CommandArguments(fields), nameColumn: name.lowerBound + 1,
            isBackground: isBackground)
        return true
    }

    /// The value of the argument `plan` for `parameter`, as `CommandSignature`'s conversion gives it.
    func value(of plan: ArgumentPlan, for parameter: CommandParameter) throws(NotBound) -> StateValue {
        switch (parameter.type, plan.kind) {
        case (_, .nil) where parameter.isOptional: return .null
        case (.int, .int): return .int(plan.integer)
        case (.double, .int): return .double(Double(plan.integer))
        case (.double, .double): return .double(plan.decimal)
        case (.bool, .true): return .bool(true)
        case (.bool, .false): return .bool(false)
        case (.string, .string): return .string(string(from: plan.valueStart + 1, to: plan.valueEnd - 1))
        // A number or a word given for a String parameter: its text as written.
        case (.string, .word), (.string, .int), (.string, .double): return .string(string(from: plan.valueStart, to: plan.valueEnd))
        case (.string, .true): return .string("true")
        case (.string, .false): return .string("false")
        default: throw NotBound()
        }
    }
}
