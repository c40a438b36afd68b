#if GNUReadline
import CReadline
#elseif LibEdit
import CEditline
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if GNUReadline || LibEdit

// The line editors' door to pointer code: readline's C interface (completion hooks that return a
// `malloc`ed match array, the line buffer and typed lines as C bytes). Why: readline and libedit
// are C libraries called through C; the rest of `LineEditing/` holds no pointer (the terminal's
// raw mode and its signal-safe copy live in StepKeyboard.swift). Pinned by InteractiveTests
// (Tab completion, typed lines and their history in a tmux pseudo-terminal).

/// The `count` bytes at `start` (readline's line buffer, a line as typed), copied.
func readlineBytes(at start: UnsafePointer<CChar>, count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// What one Tab press computed, kept for readline's list display.
struct ReadlineCompletionSession {
    /// The provider's candidates as it gave them (the list shows these).
    var displayedCandidates: [String] = []
}

/// Connects readline's completion hooks (C function pointers, no context) to the active
/// editor's Swift completion provider.
@MainActor
enum ReadlineCompletionBridge {
    static func install() {
        rs_set_completion_function { _, start, end in
            rs_set_attempted_completion_over(1)  // never fall back to file names
            let address = MainActor.assumeIsolated {
                ReadlineCompletionBridge.matches(wordStart: Int(start), wordEnd: Int(end))
            }
            return UnsafeMutablePointer(bitPattern: address)
        }
        #if GNUReadline
        rs_set_display_matches_hook { _, _, _ in
            MainActor.assumeIsolated { ReadlineCompletionBridge.displayCandidates() }
        }
        #endif
    }

    /// Asks the provider and returns readline's match array (as an address; 0 for none):
    /// element 0 replaces the word, the rest are the candidates.
    private static func matches(wordStart: Int, wordEnd: Int) -> Int {
        guard let editor = ReadlineLineEditor.active, let provider = editor.completionProvider,
              let buffer = rs_line_buffer()
        else { return 0 }
        let lineBytes = readlineBytes(at: buffer, count: Int(rs_end()))
        let point = min(Int(rs_point()), lineBytes.count)
        let line = String(decoding: lineBytes, as: UTF8.self)
        let cursor = String(decoding: lineBytes[..<point], as: UTF8.self).count
        let answer = provider(line, cursor)
        editor.completionSession.displayedCandidates = answer.candidates
        guard !answer.candidates.isEmpty else { return 0 }

        // readline replaces bytes wordStart..<wordEnd; re-anchor the candidates there.
        let replaceFrom = min(String(line.prefix(max(answer.replaceFrom, 0))).utf8.count, point)
        let start = min(wordStart, lineBytes.count)
        let end = min(max(wordEnd, start), lineBytes.count)
        let word = String(decoding: lineBytes[start..<end], as: UTF8.self)
        var candidates: [String]
        if replaceFrom >= start {
            let kept = String(decoding: lineBytes[start..<replaceFrom], as: UTF8.self)
            candidates = answer.candidates.map { kept + $0 }
        } else {
            let covered = String(decoding: lineBytes[replaceFrom..<start], as: UTF8.self)
            candidates = answer.candidates.filter { $0.hasPrefix(covered) }.map { String($0.dropFirst(covered.count)) }
        }
        guard !candidates.isEmpty else { return 0 }
        var replacement = candidates.count == 1 ? candidates[0] : LineCompletionText.commonPrefix(of: candidates)
        if !replacement.hasPrefix(word) { replacement = word }
        let single = candidates.count == 1
        let continues = single && candidates[0].last.map(LineCompletionText.continuingSuffixes.contains) == true
        rs_set_completion_suppress_append(continues ? 1 : 0)
        #if LibEdit
        // libedit reads matches[2] and wants the single match repeated in matches[1] to treat it
        // as complete (and append the space).
        return Int(bitPattern: cStringArray([replacement] + candidates))
        #else
        return Int(bitPattern: cStringArray([replacement] + (single ? [] : candidates)))
        #endif
    }

    /// Lists the provider's own candidates (not the re-anchored ones) below the line.
    private static func displayCandidates() {
        #if GNUReadline
        guard let candidates = ReadlineLineEditor.active?.completionSession.displayedCandidates,
              !candidates.isEmpty
        else { return }
        let sorted = candidates.sorted()
        let array = cStringArray([""] + sorted)
        let longest = sorted.map { $0.count }.max() ?? 0
        rl_display_match_list(array, Int32(sorted.count), Int32(longest))
        _ = rl_on_new_line()
        rl_redisplay()
        freeCStringArray(array, count: sorted.count + 1)
        #endif
    }

    /// A `malloc`ed NULL-terminated array of `strdup`ed strings (readline frees it).
    private static func cStringArray(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let array = malloc((strings.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)!
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { array[index] = strdup(string) }
        array[strings.count] = nil
        return array
    }

    private static func freeCStringArray(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) {
        for index in 0..<count { free(array[index]) }
        free(array)
    }
}
#endif
