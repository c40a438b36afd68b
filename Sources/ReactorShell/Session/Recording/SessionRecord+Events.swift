import StateDiff

extension SessionRecord {
    /// One thing that happened in the session, as the exports read it (names resolved, output
    /// as the terminal showed it, without colour).
    public enum Event {
        /// A line ran (or, a comment at a stepping pause, was shown).
        case line(Line)
        /// Registry entry `entry` was loaded as the scene (`isLoad`), or the focus moved in it.
        case scene(entry: String, reactors: [String], isLoad: Bool)
        /// A typed action.
        case action(Action)
        /// A mutation, or a step of time travel (no cause).
        case mutation(Mutation)
        /// A typed action of `reactor` changed nothing.
        case noMutation(reactor: String)
        /// Effect `effect` of `reactor` (of action `action`, id `actionID`, when known) was
        /// cancelled by `by`.
        case effectCancelled(reactor: String, effect: Int, action: String?, actionID: Int?, by: String)
        /// Effect `effect` of `reactor` (of action `action`, id `actionID`, when known) failed with
        /// `failure`.
        case effectFailed(reactor: String, effect: Int, action: String?, actionID: Int?, failure: String)
        /// An error or a failed expectation, as located on stderr (`file:line:col: message`).
        case failure(String)
    }

    /// A line and what it printed.
    public struct Line {
        /// The line as given.
        public let text: String
        /// Where it came from.
        public let origin: LineOrigin
        /// How many `:load`s deep it ran (0: typed, or a script named on the command line).
        public let depth: Int
        /// The prompt it ran after (`board> `).
        public let prompt: String
        /// What the terminal showed while it ran (until the next line), results and errors in
        /// order, one element per line of text.
        public let output: [String]
    }

    /// A typed action.
    public struct Action {
        /// The runtime's id of the action.
        public let id: Int
        /// Its reactor.
        public let reactor: String
        /// Its label (`updateQuery("sw")`).
        public let label: String
        /// Its `:history` step.
        public let step: Int
        /// The command and its bound arguments, when still kept.
        public let command: String?
        public let arguments: CommandArguments?

        /// `updateTitle(title: "Hello")`: the command with its arguments named (the label when
        /// the command is not kept).
        public var call: String {
            guard let command else { return label }
            guard let fields = arguments?.fields, !fields.isEmpty else { return command }
            return command + "(" + fields.map { "\($0.key): \($0.value.literal(maxLength: 40))" }.joined(separator: ", ") + ")"
        }
    }

    /// A mutation, or a step of time travel (`cause` nil).
    public struct Mutation {
        /// Its reactor.
        public let reactor: String
        /// Its label (`setQuery("sw")`, `(undo)`).
        public let label: String
        /// Where it came from; nil for time travel and resets.
        public let cause: Cause?
        /// What the terminal showed of it (its block: header and changes), one element per line.
        public let output: [String]
    }

    /// Where a mutation came from, with the names resolved.
    public struct Cause {
        /// How it reached the reducer.
        public let origin: MutationCause.Origin
        /// The action it goes back to, as the output names it (`write.submit` in scenes of
        /// several), when known.
        public let action: String?
        /// That action's reactor, when known.
        public let actionReactor: String?
        /// That action's id (``Action/id``), when known.
        public let actionID: Int?
        /// The effect that sent it (or during which the service event was broadcast).
        public let effect: Int?
    }

    /// The session so far, in order. Writes out the output pending in the sink first, so that
    /// the capture holds all of it.
    public var events: [Event] {
        sink.flush()
        var events: [Event] = []
        let kept = firstKeptEntry..<entryCount
        events.reserveCapacity(kept.count)
        let lineTexts = lines.lines
        // Where the output of each entry ends: where the next entry's begins (a step that is not
        // an action, or an action never processed, prints nothing of its own and is passed over),
        // and for a line, where the next line's begins.
        var outputEnds = [Int](repeating: output.count, count: kept.count)
        var lineOutputEnds = [Int](repeating: output.count, count: kept.count)
        var nextOutput = output.count
        var nextLineOutput = output.count
        for index in kept.reversed() {
            let entry = self[entry: index]
            outputEnds[index - kept.lowerBound] = nextOutput
            lineOutputEnds[index - kept.lowerBound] = nextLineOutput
            if entry.kind != .command && entry.kind != .expectation && entry.kind != .effectTraced
                && !(entry.kind == .action && entry.first < 0)
            {
                nextOutput = entry.output
            }
            if entry.kind == .line || entry.kind == .echo { nextLineOutput = entry.output }
        }
        var sceneIndex = sceneBeforeKeptEntries
        var scene = sceneIndex >= 0 ? scenes[sceneIndex] : Scene(entry: "", reactors: [], prompt: "", isLoad: true, firstStep: 1)
        var actions: [Int: (reactor: Int, label: String, scene: Int)] = [:]
        func reactorName(_ index: Int32) -> String {
            Int(index) < scene.reactors.count ? scene.reactors[Int(index)] : "reactor #\(index)"
        }
        func actionName(_ id: Int) -> String? {
            guard let action = actions[id] else { return nil }
            let reactors = scenes[action.scene].reactors
            return reactors.count > 1 && action.reactor < reactors.count
                ? "\(reactors[action.reactor]).\(action.label)" : action.label
        }
        for index in kept {
            let entry = self[entry: index]
            let outputEnd = outputEnds[index - kept.lowerBound]
            switch entry.kind {
            case .line:
                guard entry.first < lineTexts.count else { continue }
                let line = lineTexts[entry.first]
                events.append(.line(Line(
                    text: line.text, origin: line.origin, depth: line.depth, prompt: scene.prompt,
                    output: outputLines(from: entry.output, to: lineOutputEnds[index - kept.lowerBound]))))
            case .scene:
                scene = scenes[entry.first]
                if scene.isLoad { sceneIndex = entry.first }
                events.append(.scene(entry: scene.entry, reactors: scene.reactors, isLoad: scene.isLoad))
            case .action:
                guard entry.first >= 0 else { continue }
                let label = entry.text ?? ""
                actions[entry.first] = (Int(entry.reactor), label, max(sceneIndex, 0))
                guard entry.second >= 0 else { continue }
                let line = script[entry.third]?.action
                events.append(.action(Action(
                    id: entry.first, reactor: reactorName(entry.reactor), label: label, step: entry.second,
                    command: line?.command, arguments: line?.arguments)))
            case .mutation:
                let actionID = entry.first >= 0 ? entry.first : nil
                let cause = Cause(
                    origin: Self.causeOrigins[entry.third], action: actionID.flatMap(actionName),
                    actionReactor: actionID.flatMap { actions[$0] }.flatMap { action in
                        let reactors = scenes[action.scene].reactors
                        return action.reactor < reactors.count ? reactors[action.reactor] : nil
                    },
                    actionID: actionID, effect: entry.second >= 0 ? entry.second : nil)
                events.append(.mutation(Mutation(
                    reactor: reactorName(entry.reactor), label: entry.text ?? "", cause: cause,
                    output: outputLines(from: entry.output, to: outputEnd))))
            case .travel:
                events.append(.mutation(Mutation(
                    reactor: reactorName(entry.reactor), label: entry.text ?? "", cause: nil,
                    output: outputLines(from: entry.output, to: outputEnd))))
            case .noMutation:
                events.append(.noMutation(reactor: reactorName(entry.reactor)))
            case .effectCancelled:
                let by = actionName(entry.third) ?? "action #\(entry.third)"
                events.append(.effectCancelled(
                    reactor: reactorName(entry.reactor), effect: entry.first,
                    action: entry.second >= 0 ? actionName(entry.second) : nil,
                    actionID: entry.second >= 0 ? entry.second : nil, by: by))
            case .effectFailed:
                events.append(.effectFailed(
                    reactor: reactorName(entry.reactor), effect: entry.first,
                    action: entry.second >= 0 ? actionName(entry.second) : nil,
                    actionID: entry.second >= 0 ? entry.second : nil, failure: entry.text ?? ""))
            case .failure:
                events.append(.failure(entry.text ?? ""))
            case .echo, .command, .expectation, .effectTraced:
                continue
            }
        }
        return events
    }

    /// The captured output from `start` to `end`, as lines without terminal escapes.
    private func outputLines(from start: Int, to end: Int) -> [String] {
        guard end > start else { return [] }
        var text = output.text(from: start, to: end).withoutTerminalEscapes
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension String {
    /// The text without the terminal's escape sequences (colours: `ESC [ … m`), as a file keeps
    /// what the terminal showed.
    var withoutTerminalEscapes: String {
        guard utf8.contains(0x1B) else { return self }
        var result = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            // A control sequence: `[`, parameters, and one final character from `@` to `~`.
            guard let next = scalars.next(), next == "[" else { continue }
            while let part = scalars.next(), !(0x40...0x7E).contains(part.value) {}
        }
        return String(result)
    }
}
