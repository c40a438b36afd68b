/// Recognises the number forms of the language: `42`, `-7`, `3.5`, `-0.25`, `1e3`, `2.5E-3`.
enum NumberSyntax {
    /// What a bare word looks like.
    enum Form { case notANumber, integer, decimal }

    /// Classifies the bare word `bytes[start..<end]`.
    static func classify(_ bytes: LineBytes, from start: Int, to end: Int) -> Form {
        var index = start
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard skipDigits(bytes, &index, end) else { return .notANumber }
        var form = Form.integer
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits(bytes, &index, end) else { return .notANumber }
            form = .decimal
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard skipDigits(bytes, &index, end) else { return .notANumber }
            form = .decimal
        }
        return index == end ? form : .notANumber
    }

    /// Advances over one or more ASCII digits before `end`; false when there is none.
    private static func skipDigits(_ bytes: LineBytes, _ index: inout Int, _ end: Int) -> Bool {
        let start = index
        while index < end && bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index > start
    }
}
