/// A keyboard's escape sequences that a pause tells apart.
enum PauseEscapeKey: Equatable {
    /// A lone Escape.
    case escape
    /// The Up arrow (`ESC [ A`, `ESC O A`).
    case up
    /// The Down arrow.
    case down
    /// Any other key's sequence (swallowed).
    case other
}

/// A `:` command typed at a pause (SPEC §9.1): edited at its end, Tab completing as the
/// interactive shell does and Up and Down going through its history (the `:` lines in it).
extension StepKeyboard {
    /// The history's commands (its lines that start with `:`), oldest first: what a pause can run.
    var historyCommands: [String] {
        (history?.entries() ?? []).filter { $0.hasPrefix(":") }
    }

    /// A line typed after `prompt`, starting as `start` (`:`, or the history's command `recalling`
    /// back from the newest), echoed as typed; nil when abandoned (Ctrl-C, Escape, Backspace over
    /// the colon, Ctrl-D on an empty line, end of input). The line is recorded in the history.
    func typedLine(prompt: String, startingWith start: String, recalling: Int = 0) async -> String? {
        var line = start
        var recalled = recalling  // how far back in the history's commands the line came from (0: typed)
        var typed = recalling == 0 ? start : ":"  // the line as typed, kept while Up and Down recall others
        func redraw() { show("\r\u{1B}[K" + prompt + line) }
        redraw()
        while true {
            guard let key = await nextByte() else { return nil }
            switch key {
            case 0x0D, 0x0A:
                show("\n")
                history?.record(line)
                return line
            case 0x03: return nil
            case 0x04 where line == ":": return nil
            case 0x7F, 0x08:
                guard line.count > 1 else { return nil }
                line.removeLast()
                redraw()
            case 0x15:
                line = ":"
                redraw()
            case 0x0C:
                show(TextLayout.clearScreen)
                redraw()
            case 0x09:
                complete(&line, prompt: prompt)
            case 0x1B:
                let commands = historyCommands
                switch await readEscapeSequence() {
                case .escape: return nil
                case .up where recalled < commands.count:
                    if recalled == 0 { typed = line }
                    recalled += 1
                    line = commands[commands.count - recalled]
                    redraw()
                case .down where recalled > 0:
                    recalled -= 1
                    line = recalled == 0 ? typed : commands[commands.count - recalled]
                    redraw()
                default: continue
                }
            case let byte where byte < 0x20:
                continue
            default:
                // A character's UTF-8 bytes, its lead byte first: the rest follow at once.
                var bytes = [key]
                while bytes.count < Self.utf8Length(lead: key), let next = await nextByte(within: .milliseconds(50)) {
                    bytes.append(next)
                }
                let text = String(decoding: bytes, as: UTF8.self)
                line += text
                show(text)
            }
        }
    }

    /// Tab: the word before the cursor completed by the shell's completion provider; with
    /// several candidates, their common start, or the list of them below the line.
    private func complete(_ line: inout String, prompt: String) {
        guard let provider = completionProvider else { return }
        let (start, candidates) = provider(line, line.count)
        guard !candidates.isEmpty else { return show("\u{7}") }
        let head = String(line.prefix(max(0, min(start, line.count))))
        let word = String(line.dropFirst(head.count))
        if candidates.count == 1 {
            let only = candidates[0]
            let continues = only.last.map { LineCompletionText.continuingSuffixes.contains($0) } ?? false
            line = head + only + (continues ? "" : " ")
        } else {
            let common = LineCompletionText.commonPrefix(of: candidates)
            if common.count > word.count {
                line = head + common
            } else {
                let list = candidates.sorted().joined(separator: "  ")
                let lines = width.map { TextLayout.wrap(list, width: $0) } ?? [list]
                show("\n" + lines.joined(separator: "\n") + "\n")
            }
        }
        show("\r\u{1B}[K" + prompt + line)
    }

    /// After an Escape: which key's sequence follows (the rest of it swallowed), or a lone
    /// Escape when nothing follows at once.
    func readEscapeSequence() async -> PauseEscapeKey {
        guard let next = await nextByte(within: .milliseconds(50)), next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
            return .escape
        }
        var last: UInt8 = 0
        while let byte = await nextByte(within: .milliseconds(50)) {
            last = byte
            if (0x40...0x7E).contains(byte) { break }
        }
        switch last {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        default: return .other
        }
    }

    /// The bytes of the UTF-8 character whose first byte is `lead`.
    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
