/// Writes one JSON object, field by field, straight into bytes: for the shell's JSON Lines events,
/// which would otherwise be built as a `StateValue` tree (and a `JSONPatch` of operation values)
/// only to be rendered and dropped. Gives the same text as `StateValue.object(fields).jsonText`
/// with the same fields (a test pins it).
package struct JSONObjectWriter: ~Copyable {
    private var output: TextBuffer
    /// Where the object being written starts. Every key is written with its comma (`,"name":`, one
    /// copy, without asking whether it is the first); when the object ends, the comma of its first
    /// key, at this offset, becomes its `{`.
    private var objectStart = 0

    private init(output: consuming TextBuffer) {
        self.output = output
        objectStart = self.output.count
    }

    /// Runs `body` on a writer for one object in scratch memory, then gives `emit` its bytes.
    package static func withObject(
        _ body: (inout JSONObjectWriter) -> Void, emit: (Span<UInt8>) -> Void
    ) {
        TextBuffer.withScratch { buffer in
            write(to: &buffer, body)
            buffer.withBytes(emit)
        }
    }

    /// Writes one object, its fields written by `body`, straight into `space` (the caller's
    /// memory, lent as a span), and returns its length; nil when it does not fit there (what was
    /// written is dropped).
    package static func write(into space: inout MutableSpan<UInt8>, _ body: (inout JSONObjectWriter) -> Void) -> Int? {
        TextBuffer.write(into: &space) { write(to: &$0, body) }
    }

    /// Appends one object, its fields written by `body`, to `output`.
    private static func write(to output: inout TextBuffer, _ body: (inout JSONObjectWriter) -> Void) {
        var writer = JSONObjectWriter(output: output)
        body(&writer)
        writer.closeObject()
        output = writer.finish()
    }

    /// The buffer, given back to its owner.
    private consuming func finish() -> TextBuffer {
        output
    }

    /// Ends the object begun at `objectStart`: the comma before its first key becomes its `{`
    /// (an object without fields is `{}`), and its `}` is appended.
    private mutating func closeObject() {
        if output.count == objectStart {
            output.append(UInt8(ascii: "{"))
        } else {
            output.replaceByte(at: objectStart, with: UInt8(ascii: "{"))
        }
        output.append(UInt8(ascii: "}"))
    }

    /// A string field. Returns where its value's JSON text (quotes included) lies in the text
    /// written, for ``field(_:repeating:)`` to copy it into a later field.
    @discardableResult
    package mutating func field(_ key: JSONKey, _ text: String) -> Range<Int> {
        output.append(key.text)
        let start = output.count
        appendJSONString(text, to: &output)
        return start..<output.count
    }

    /// A string field whose key, with any constant fields before it, is JSON text made before
    /// (`lead`: `,"event":"action","reactor":"board","action":`). Returns where its value's JSON
    /// text lies, as ``field(_:_:)`` does.
    @discardableResult
    package mutating func field(keyText lead: [UInt8], _ text: String) -> Range<Int> {
        output.append(lead)
        let start = output.count
        appendJSONString(text, to: &output)
        return start..<output.count
    }

    /// A field whose value is the same as one written before in this object's text (`value`, as
    /// ``field(_:_:)`` returned it): its bytes copied, without scanning the string for escapes again.
    package mutating func field(_ key: JSONKey, repeating value: Range<Int>) {
        output.append(key.text)
        output.append(copyOf: value)
    }

    /// A string field whose value is already JSON text, quotes included (a ``JSONStringLiteral``'s).
    package mutating func field(_ key: JSONKey, json bytes: [UInt8]) {
        output.append(key.text, then: bytes)
    }

    /// A string field whose value is a literal of the caller's that needs no escapes (`"action"`):
    /// copied as it is, without the scan a `String` gets.
    package mutating func field(_ key: JSONKey, constant value: StaticString) {
        output.append(key.text)
        output.append(UInt8(ascii: "\""))
        output.append(value)
        output.append(UInt8(ascii: "\""))
    }

    /// A string field holding `prefix.text`, or `text` alone when `prefix` is nil (`write.submit`),
    /// written without making the joined `String`.
    package mutating func field(_ key: JSONKey, _ prefix: String?, dot text: String) {
        output.append(key.text)
        output.append(UInt8(ascii: "\""))
        if let prefix {
            appendJSONStringContents(prefix, to: &output)
            output.append(UInt8(ascii: "."))
        }
        appendJSONStringContents(text, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// An integer field.
    package mutating func field(_ key: JSONKey, _ number: Int) {
        output.append(key.text, then: number)
    }

    /// A field holding any value.
    package mutating func field(_ key: JSONKey, _ value: StateValue) {
        output.append(key.text)
        value.appendJSON(to: &output)
    }

    /// Ends the object that a field's key opened (``JSONKey``: `,"cause":{"origin":`): its `}`.
    package mutating func endObject() {
        output.append(UInt8(ascii: "}"))
    }

    /// A field holding an object whose fields `body` writes.
    package mutating func object(_ key: JSONKey, _ body: (inout JSONObjectWriter) -> Void) {
        output.append(key.text)
        let enclosingStart = objectStart
        objectStart = output.count
        body(&self)
        closeObject()
        objectStart = enclosingStart
    }

    /// A field holding the object made of `fields` (`StateValue.object(fields)`), written from the
    /// array in place.
    package mutating func field(_ key: JSONKey, object fields: [StateField]) {
        output.append(key.text)
        // Most actions have no arguments: `{}` in one append.
        if fields.isEmpty { return output.append("{}") }
        output.append(UInt8(ascii: "{"))
        // Through a span, as in `field(_:patchOf:)`: a number or a flag is read where it lies.
        let fields = fields.span
        for index in fields.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendJSONString(fields[index].key, to: &output)
            output.append(UInt8(ascii: ":"))
            switch fields[index].value {
            case .int(let number): output.append(number)
            case .bool(let flag): output.append(flag ? "true" : "false")
            case let value: value.appendJSON(to: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// A field holding the JSON Patch of `changes` (`JSONPatch(changes).jsonValue`), each
    /// operation as `JSONPatchOperation(change).appendJSON(to:)` writes it. Each change's parts
    /// are read in place, not the change copied out of the array (retained and released).
    package mutating func field(_ key: JSONKey, patchOf changes: [StateChange]) {
        output.append(key.text)
        output.append(UInt8(ascii: "["))
        // Through a span, each change's path and values are read where they lie, not copied out
        // of the array (a key's retain and release, the values' outlined copies).
        let changes = changes.span
        for index in changes.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let kind = changes[index].storedKind
            // The path's quotes are written with the constant text around it (one copy each).
            switch kind {
            case .insert: output.append("{\"op\":\"add\",\"path\":\"")
            case .remove: output.append("{\"op\":\"remove\",\"path\":\"")
            case .replace: output.append("{\"op\":\"replace\",\"path\":\"")
            }
            changes[index].storedPath.appendJSONPointer(to: &output, jsonEscaped: true)
            output.append(kind == .insert ? "\",\"value\":" : "\",\"old\":")
            // A number, a flag or null is read where it lies; only another value is copied out
            // (the writes through the buffer's memory keep the optimizer from lending it). A
            // number (the usual score) is matched alone first: matched in the switch with the
            // other cases, it was copied out too (an outlined copy, a call doing nothing).
            if kind != .insert {
                if case .int(let number)? = changes[index].storedOldValue {
                    output.append(number)
                } else {
                    switch changes[index].storedOldValue {
                    case .bool(let flag)?: output.append(flag ? "true" : "false")
                    case nil, .null?: output.append("null")
                    case let value?: value.appendJSON(to: &output)
                    }
                }
            }
            if kind != .remove {
                if kind == .replace { output.append(",\"value\":") }
                if case .int(let number)? = changes[index].storedNewValue {
                    output.append(number)
                } else {
                    switch changes[index].storedNewValue {
                    case .bool(let flag)?: output.append(flag ? "true" : "false")
                    case nil, .null?: output.append("null")
                    case let value?: value.appendJSON(to: &output)
                    }
                }
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }
}

/// A string's JSON literal (quotes, escapes), made once, for a field that holds the same string
/// event after event — the reactor's name, the script's path: written as bytes instead of being
/// scanned for escapes each time.
package struct JSONStringLiteral: ~Copyable {
    /// The string.
    package let text: String
    /// `text` as a JSON string literal, quotes included.
    package let json: [UInt8]

    package init(_ text: String) {
        self.text = text
        var buffer = TextBuffer()
        appendJSONString(text, to: &buffer)
        var json: [UInt8] = []
        buffer.appendBytes(to: &json)
        self.json = json
    }
}
