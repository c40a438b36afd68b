/// Recognises the number forms of the language: `42`, `-7`, `3.5`, `-0.25`, `1e3`, `2.5E-3`.
enum NumberSyntax {
    /// What a bare word looks like.
    enum Form { case notANumber, integer, decimal }

    /// Classifies the UTF-8 bytes of a bare word.
    static func classify(_ bytes: ArraySlice<UInt8>) -> Form {
        var index = bytes.startIndex
        let end = bytes.endIndex
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard skipDigits(bytes, &index) else { return .notANumber }
        var form = Form.integer
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits(bytes, &index) else { return .notANumber }
            form = .decimal
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard skipDigits(bytes, &index) else { return .notANumber }
            form = .decimal
        }
        return index == end ? form : .notANumber
    }

    /// Advances over one or more ASCII digits; false when there is none.
    private static func skipDigits(_ bytes: ArraySlice<UInt8>, _ index: inout Int) -> Bool {
        let start = index
        while index < bytes.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }
}
