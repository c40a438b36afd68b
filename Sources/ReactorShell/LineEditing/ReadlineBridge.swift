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

// readline's C callbacks take and return C types: the C-string arrays they return are made by
// POSIXIO (ReactorShell's door to C), and the line buffer is read there.

/// What one Tab press computed, kept for readline's list display.
struct ReadlineCompletionSession {
    /// The provider's candidates as it gave them (the list shows these).
    var displayedCandidates: [String] = []
}

/// Connects readline's completion hooks (C functions without a context) to the active
/// editor's Swift completion provider.
@MainActor
enum ReadlineCompletionBridge {
    static func install() {
        rs_set_completion_function { _, start, end in
            rs_set_attempted_completion_over(1)  // never fall back to file names
            let matches = MainActor.assumeIsolated {
                ReadlineCompletionBridge.matches(wordStart: Int(start), wordEnd: Int(end))
            }
            return matches.map(POSIXIO.mallocedCStringArray)  // readline frees it
        }
        #if GNUReadline
        rs_set_display_matches_hook { _, _, _ in
            MainActor.assumeIsolated { ReadlineCompletionBridge.displayCandidates() }
        }
        #endif
    }

    /// Asks the provider and returns readline's matches (nil for none): element 0 replaces the
    /// word, the rest are the candidates.
    private static func matches(wordStart: Int, wordEnd: Int) -> [String]? {
        guard let editor = ReadlineLineEditor.active, let provider = editor.completionProvider,
              let buffer = rs_line_buffer()
        else { return nil }
        let lineBytes = POSIXIO.bytes(ofCString: buffer, count: Int(rs_end()))
        let point = min(Int(rs_point()), lineBytes.count)
        let line = String(decoding: lineBytes, as: UTF8.self)
        let cursor = String(decoding: lineBytes[..<point], as: UTF8.self).count
        let answer = provider(line, cursor)
        editor.completionSession.displayedCandidates = answer.candidates
        guard !answer.candidates.isEmpty else { return nil }

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
        guard !candidates.isEmpty else { return nil }
        var replacement = candidates.count == 1 ? candidates[0] : LineCompletionText.commonPrefix(of: candidates)
        if !replacement.hasPrefix(word) { replacement = word }
        let single = candidates.count == 1
        let continues = single && candidates[0].last.map(LineCompletionText.continuingSuffixes.contains) == true
        rs_set_completion_suppress_append(continues ? 1 : 0)
        #if LibEdit
        // libedit reads matches[2] and wants the single match repeated in matches[1] to treat it
        // as complete (and append the space).
        return [replacement] + candidates
        #else
        return [replacement] + (single ? [] : candidates)
        #endif
    }

    /// Lists the provider's own candidates (not the re-anchored ones) below the line.
    private static func displayCandidates() {
        #if GNUReadline
        guard let candidates = ReadlineLineEditor.active?.completionSession.displayedCandidates,
              !candidates.isEmpty
        else { return }
        let sorted = candidates.sorted()
        let longest = sorted.map { $0.count }.max() ?? 0
        POSIXIO.withCStringArray([""] + sorted) { array in
            rl_display_match_list(array, Int32(sorted.count), Int32(longest))
        }
        _ = rl_on_new_line()
        rl_redisplay()
        #endif
    }
}
#endif
