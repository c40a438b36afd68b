/// The text `write` appends to an empty buffer: how every public text rendering (`jsonText`,
/// `literal(maxLength:)`) turns its buffer writer into a `String`.
@inline(__always)
func renderedText(_ write: (inout TextBuffer) -> Void) -> String {
    TextBuffer.withScratch { buffer in
        write(&buffer)
        return buffer.string
    }
}
