/// A fast path of ``ScriptParser`` for the shapes most lines have: blank or comment lines, and action
/// lines made of an ASCII name (`increase`, `board.submit`) followed by at most
/// ``maximumArguments`` simple arguments, positional or labelled (`setScore 3 2`,
/// `setScore home: 3 away=2`, `updateQuery "swift" &`).
///
/// It works on the line's UTF-8 bytes in two passes: the first checks the whole line and records where
/// each piece is, without allocating; the second makes the strings and the argument array (with its
/// final size). It only ever answers for lines that the full parser accepts, with exactly the full
/// parser's result; for anything else (a meta command, arrays, escapes, non-ASCII text before a comment,
/// words glued to punctuation, more arguments, and every line with an error) it answers nil and the full
/// parser decides, so messages and columns come from one place.
enum ActionLineFastPath {
    /// The most arguments a line may have on the fast path.
    static let maximumArguments = 8

    /// The parse of `line`, or nil when the full parser must decide.
    static func parse(_ line: String, origin: LineOrigin) -> ParsedLine? {
        let outcome = line.utf8.withContiguousStorageIfAvailable { bytes in
            withUnsafeTemporaryAllocation(of: ArgumentPlan.self, capacity: maximumArguments) { plans in
                var unused = BoundActionLine()
                return LineCursor(bytes: bytes).parseLine(line, origin: origin, plans: plans, binding: nil, bound: &unused)
            }
        }
        switch outcome {
        case .empty?: return .empty
        case .action(let invocation)?: return .action(invocation)
        case .bound?, .fallback?, nil: return nil
        }
    }

    /// The parse of `line` like ``parse(_:origin:)`` (`.fallback` or nil: the full parser must
    /// decide); and for an action line without a `REACTOR.`
    /// prefix that names a command of the focused reactor (at `focus` in `scene`) and whose
    /// arguments bind to it without an error, the line resolved and bound at once, from the line's
    /// bytes: no string for the command's name, no parsed arguments. A line that does not bind
    /// here is parsed, and the general path resolves and binds it (and says what is wrong with it).
    /// The bound line is written to `bound` (`.bound` is returned): as a result inside the enum,
    /// it was copied and the enum destroyed through its value witnesses (about 110 a line).
    static func parse(
        _ line: String, origin: LineOrigin, scene: SceneCommands, focus: Int, bound: inout BoundActionLine
    ) -> FastOutcome? {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            parse(bytes, line: line, origin: origin, scene: .passUnretained(scene), focus: focus, bound: &bound)
        }
    }

    /// ``parse(_:origin:scene:focus:bound:)`` of a line's bytes. `line` is the line's text when
    /// there is one already; otherwise what needs it is made from
    /// `bytes` (valid UTF-8). `scene` is unmanaged, kept alive by the caller: passed as a reference
    /// read from the scene's variable, it was retained and released around every line.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, line: String?, origin: LineOrigin, scene: Unmanaged<SceneCommands>, focus: Int,
        bound: inout BoundActionLine
    ) -> FastOutcome {
        scene._withUnsafeGuaranteedRef { scene in
            withUnsafeTemporaryAllocation(of: ArgumentPlan.self, capacity: maximumArguments) { plans in
                LineCursor(bytes: bytes).parseLine(line, origin: origin, plans: plans, binding: (scene, focus), bound: &bound)
            }
        }
    }
}

/// An action line resolved and bound by the fast path: what sending it needs, without the strings
/// of an ``ActionInvocation``.
struct BoundActionLine {
    /// The index of the reactor in the scene.
    var reactor: Int
    /// The index of the command in the reactor's table.
    var command: Int
    /// The bound arguments, as ``CommandSignature/bind(_:)`` gives them.
    var arguments: CommandArguments
    /// The column of the action's name (where an error of the command's `build` is reported).
    var nameColumn: Int
    /// True when the line ended in ` &`.
    var isBackground: Bool
}

extension BoundActionLine {
    /// A line to be filled in.
    init() {
        self.init(reactor: 0, command: 0, arguments: CommandArguments([]), nameColumn: 0, isBackground: false)
    }
}

/// What the fast path made of a line (`fallback`: the full parser must decide).
enum FastOutcome {
    case empty
    case action(ActionInvocation)
    /// Resolved and bound, written to the `bound` parameter.
    case bound
    case fallback
}

/// Where one argument is in the line, found by the first pass.
struct ArgumentPlan {
    /// The label's first byte, or -1 for a positional argument.
    var labelStart: Int
    var labelEnd: Int
    var valueStart: Int
    var valueEnd: Int
    var kind: ValueForm
    /// The value of an `.int`.
    var integer: Int
    /// The value of a `.double`.
    var decimal: Double

    /// A plan to be filled in.
    static let blank = ArgumentPlan(labelStart: -1, labelEnd: 0, valueStart: 0, valueEnd: 0, kind: .word, integer: 0, decimal: 0)
}

/// The value forms of the fast path.
enum ValueForm {
    case int, double, `true`, `false`, `nil`, word, string
}

enum ASCII {
    static let tab: UInt8 = 0x09, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, ampersand: UInt8 = 0x26, dash: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A, equals: UInt8 = 0x3D, backslash: UInt8 = 0x5C

    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Letters, digits and `_`.
    @inline(__always) static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    /// A byte a bare word may hold on the fast path: printable ASCII except blanks, `"`, `#`, `:`, `=`,
    /// `[`, `]` and `,` (the lexer's word ends), so a word is exactly the lexer's word token.
    @inline(__always) static func isPlainWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24...0x2B, 0x2D...0x39, 0x3B, 0x3C, 0x3E...0x5A, 0x5C, 0x5E...0x7E: true
        default: false
        }
    }
}

struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = bytes.count
    }

    /// True at the end of the line, a blank or a comment: where a token may end.
    @inline(__always) func endsToken(at index: Int) -> Bool {
        index == count || ASCII.isBlank(bytes[index]) || bytes[index] == ASCII.hash
    }

    /// The index of the first byte at or after `index` that is not a blank.
    @inline(__always) func skipBlanks(from index: Int) -> Int {
        var index = index
        while index < count && ASCII.isBlank(bytes[index]) { index += 1 }
        return index
    }

    /// True when only blanks and perhaps a comment follow `index`.
    func restIsEmpty(from index: Int) -> Bool {
        let next = skipBlanks(from: index)
        return next == count || bytes[next] == ASCII.hash
    }

    func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// True when `bytes[start..<end]` is `true`, `false` or `nil` (not words to the lexer).
    func isKeyword(from start: Int, to end: Int) -> Bool {
        switch end - start {
        case 3: return bytes[start] == 0x6E && bytes[start + 1] == 0x69 && bytes[start + 2] == 0x6C
        case 4: return bytes[start] == 0x74 && bytes[start + 1] == 0x72 && bytes[start + 2] == 0x75 && bytes[start + 3] == 0x65
        case 5:
            return bytes[start] == 0x66 && bytes[start + 1] == 0x61 && bytes[start + 2] == 0x6C && bytes[start + 3] == 0x73
                && bytes[start + 4] == 0x65
        default: return false
        }
    }

    /// Parses the line; `plans` is scratch space (uninitialized) for the first pass. With `binding`
    /// (a scene and the index of its focused reactor), an unprefixed action line is resolved and
    /// bound when it can be (see ``bind(name:plans:count:isBackground:scene:focus:)``).
    func parseLine(
        _ line: String?, origin: LineOrigin, plans: UnsafeMutableBufferPointer<ArgumentPlan>, binding: (SceneCommands, Int)?,
        bound: inout BoundActionLine
    ) -> FastOutcome {
        var index = skipBlanks(from: 0)
        if index == count || bytes[index] == ASCII.hash { return .empty }

        // The name: `ACTION` or `REACTOR.ACTION`, ASCII, followed by a blank, a comment or the end.
        let nameStart = index
        var dot = -1
        var hasDash = false
        while index < count {
            let byte = bytes[index]
            if ASCII.isIdentifierByte(byte) {
                index += 1
            } else if dot < 0 && byte == ASCII.dot {
                dot = index
                index += 1
            } else if dot < 0 && byte == ASCII.dash {
                hasDash = true
                index += 1
            } else {
                break
            }
        }
        let nameEnd = index
        guard nameEnd > nameStart, endsToken(at: nameEnd), !ASCII.isDigit(bytes[nameStart]) else { return .fallback }
        if dot < 0 {
            guard !hasDash, !isKeyword(from: nameStart, to: nameEnd) else { return .fallback }
        } else {
            guard dot > nameStart, bytes[nameStart] != ASCII.dash, dot + 1 < nameEnd, !ASCII.isDigit(bytes[dot + 1]) else {
                return .fallback
            }
        }

        // First pass over the arguments. Invariant at the top of the loop: `index` is at the end, a
        // blank or a comment.
        var argumentCount = 0
        var lastEnd = nameEnd
        var isBackground = false
        while true {
            index = skipBlanks(from: index)
            if index == count || bytes[index] == ASCII.hash { break }
            var labelEnd = index
            // A label does not start with a digit: a number is not scanned twice.
            if !ASCII.isDigit(bytes[index]) {
                while labelEnd < count && ASCII.isIdentifierByte(bytes[labelEnd]) { labelEnd += 1 }
            }
            let valueStart: Int
            let labelStart: Int
            if labelEnd > index, labelEnd < count, bytes[labelEnd] == ASCII.colon || bytes[labelEnd] == ASCII.equals,
               !ASCII.isDigit(bytes[index]), !isKeyword(from: index, to: labelEnd) {
                labelStart = index
                valueStart = skipBlanks(from: labelEnd + 1)
                guard valueStart < count, bytes[valueStart] != ASCII.hash else { return .fallback }
            } else {
                labelStart = -1
                valueStart = index
            }
            guard argumentCount < plans.count else { return .fallback }
            (plans.baseAddress! + argumentCount).initialize(to: .blank)
            guard let valueEnd = scanValue(at: valueStart, into: &plans[argumentCount]) else { return .fallback }
            // A detached `&` ending the line is the background marker (which leaves a label without a value).
            let isDetached = labelStart < 0 || valueStart > labelEnd + 1
            if bytes[valueStart] == ASCII.ampersand && valueEnd == valueStart + 1 && isDetached && restIsEmpty(from: valueEnd) {
                guard labelStart < 0 else { return .fallback }
                isBackground = true
                break
            }
            plans[argumentCount].labelStart = labelStart
            plans[argumentCount].labelEnd = labelEnd
            argumentCount += 1
            index = valueEnd
            lastEnd = valueEnd
        }

        if dot < 0, let (scene, focus) = binding, bind(
            name: nameStart..<nameEnd, plans: plans, count: argumentCount, isBackground: isBackground, scene: scene, focus: focus,
            into: &bound) {
            return .bound
        }

        // Second pass: the strings and the arguments.
        let reactor: LocatedText?
        let name: LocatedText
        if dot < 0 {
            reactor = nil
            let whole = nameStart == 0 && nameEnd == count ? line : nil
            name = LocatedText(whole ?? string(from: nameStart, to: nameEnd), column: nameStart + 1)
        } else {
            reactor = LocatedText(string(from: nameStart, to: dot), column: nameStart + 1)
            name = LocatedText(string(from: dot + 1, to: nameEnd), column: dot + 2)
        }
        let arguments = makeArray(count: argumentCount) { position in argument(plans[position]) }
        return .action(ActionInvocation(
            origin: origin, reactor: reactor, name: name, arguments: arguments,
            isBackground: isBackground, endColumn: lastEnd + 1))
    }

    /// The argument the first pass found.
    func argument(_ plan: ArgumentPlan) -> ParsedArgument {
        let label = plan.labelStart < 0 ? nil : LocatedText(string(from: plan.labelStart, to: plan.labelEnd), column: plan.labelStart + 1)
        let text: String
        let kind: ValueLiteral.Kind
        switch plan.kind {
        case .int:
            if isCanonicalInteger(plan) {
                return ParsedArgument(label: label, value: ValueLiteral(canonicalInteger: plan.integer, column: plan.valueStart + 1))
            }
            text = string(from: plan.valueStart, to: plan.valueEnd)
            kind = .int(plan.integer)
        case .double:
            text = string(from: plan.valueStart, to: plan.valueEnd)
            kind = .double(plan.decimal)
        case .true:
            text = "true"
            kind = .bool(true)
        case .false:
            text = "false"
            kind = .bool(false)
        case .nil:
            text = "nil"
            kind = .nil
        case .word:
            text = string(from: plan.valueStart, to: plan.valueEnd)
            kind = .word(text)
        case .string:
            text = string(from: plan.valueStart, to: plan.valueEnd)
            kind = .string(string(from: plan.valueStart + 1, to: plan.valueEnd - 1))
        }
        return ParsedArgument(label: label, value: ValueLiteral(kind, column: plan.valueStart + 1, text: text))
    }

    /// True when the integer of `plan` is written as `String(value)` writes it: no leading zero and
    /// no `-0` (its text need not be kept, see ``ValueLiteral``).
    func isCanonicalInteger(_ plan: ArgumentPlan) -> Bool {
        let digitsStart = bytes[plan.valueStart] == ASCII.dash ? plan.valueStart + 1 : plan.valueStart
        return bytes[digitsStart] != 0x30 || (plan.valueEnd - digitsStart == 1 && digitsStart == plan.valueStart)
    }

    /// Checks the value starting at `start` and records its form in `plan`; returns where it ends (before
    /// a blank, a comment or the end of the line), or nil when it is not a simple value: a quoted string
    /// without escapes, or a bare word (number, `true`, `false`, `nil` or plain word).
    func scanValue(at start: Int, into plan: inout ArgumentPlan) -> Int? {
        plan.valueStart = start
        let first = bytes[start]
        if first == ASCII.quote {
            var close = start + 1
            while close < count {
                let byte = bytes[close]
                if byte == ASCII.quote { break }
                guard byte >= 0x20 && byte < 0x7F && byte != ASCII.backslash else { return nil }
                close += 1
            }
            guard close < count, endsToken(at: close + 1) else { return nil }
            plan.valueEnd = close + 1
            plan.kind = .string
            return close + 1
        }
        if let end = scanInteger(at: start, into: &plan) { return end }
        var end = start
        while end < count && ASCII.isPlainWordByte(bytes[end]) { end += 1 }
        guard end > start, endsToken(at: end) else { return nil }
        plan.valueEnd = end
        switch first {
        case UInt8(ascii: "t") where end - start == 4 && isKeyword(from: start, to: end): plan.kind = .true
        case UInt8(ascii: "f") where end - start == 5 && isKeyword(from: start, to: end): plan.kind = .false
        case UInt8(ascii: "n") where end - start == 3 && isKeyword(from: start, to: end): plan.kind = .nil
        case ASCII.dash, 0x30...0x39:
            switch NumberSyntax.classify(bytes, from: start, to: end) {
            case .notANumber:
                plan.kind = .word
            case .integer:
                guard let value = integer(from: start, to: end) else { return nil }
                plan.kind = .int
                plan.integer = value
            case .decimal:
                guard let value = Double(string(from: start, to: end)), value.isFinite else { return nil }
                plan.kind = .double
                plan.decimal = value
            }
        default:
            plan.kind = .word
        }
        return end
    }

    /// Most arguments are integers: digits with perhaps a `-`, up to the token's end, checked and
    /// read in one pass. Returns where the integer ends, or nil for anything else (including more
    /// than 18 digits), which ``scanValue(at:into:)`` then classifies as before.
    @inline(__always)
    func scanInteger(at start: Int, into plan: inout ArgumentPlan) -> Int? {
        let negative = bytes[start] == ASCII.dash
        let digitsStart = negative ? start + 1 : start
        var index = digitsStart
        var value = 0
        while index < count && index - digitsStart < 18 {
            let digit = bytes[index] &- 0x30
            if digit >= 10 { break }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        guard index > digitsStart, endsToken(at: index) else { return nil }
        plan.valueEnd = index
        plan.kind = .int
        plan.integer = negative ? -value : value
        return index
    }

    /// The value of an integer literal of at most 18 digits (which cannot overflow), or nil.
    func integer(from start: Int, to end: Int) -> Int? {
        var index = start
        let negative = bytes[index] == ASCII.dash
        if negative { index += 1 }
        guard end - index <= 18 else { return nil }
        var value = 0
        while index < end {
            value = value &* 10 &+ Int(bytes[index] &- 0x30)
            index += 1
        }
        return negative ? -value : value
    }
}
