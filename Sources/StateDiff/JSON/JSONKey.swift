/// An object key as ``JSONObjectWriter`` writes it: `,"name":`, the comma that separates it from
/// the field before and the colon included, so that writing a key is one copy (the writer makes
/// the comma before an object's first field its `{`). A key may carry constant fields before it
/// (`,"event":"action","reactor":`), written in the same copy. Made once where the caller declares
/// its keys:
///
/// ```swift
/// extension JSONKey {
///     static var event: JSONKey { JSONKey(#","event":"#) }
/// }
/// ```
package struct JSONKey: Sendable {
    /// `,"name":`.
    @usableFromInline let text: StaticString

    /// The key written as `text`, which must be `,"name":` (after any constant fields) with a name
    /// that needs no escapes (a key that is not shows in the events' text, which the JSON output
    /// tests compare).
    /// Inlinable, so that a key is a constant where it is used.
    @inlinable
    package init(_ text: StaticString) {
        self.text = text
    }
}
