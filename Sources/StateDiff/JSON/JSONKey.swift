/// An object key as the JSON Lines writer of the shell writes it: `,"name":`, the comma that
/// separates it from the field before and the colon included, so that writing a key is one copy
/// (the writer makes the comma before an object's first field its `{`). A key may carry constant
/// fields before it (`,"event":"action","reactor":`), written in the same copy, or open an object
/// and be the key of its first field too (`,"cause":{"origin":`; the writer's `endObject()` closes
/// it). Made once where the caller declares its keys:
///
/// ```swift
/// extension JSONKey {
///     static let event = JSONKey(#","event":"#)
/// }
/// ```
///
/// Public, not package, though only the shell's modules write keys: Swift 6.3 neither inlines a
/// package type's inlinable initializer into another module nor folds a constant made with it,
/// so each key declared like that was a lazy global, reached through `swift_once` at every use
/// (about 7 instructions a key, 12 keys an action line of the live view's events).
public struct JSONKey: Sendable {
    /// `,"name":`.
    @usableFromInline let text: StaticString

    /// The key written as `text`, which must be `,"name":` (after any constant fields) with a name
    /// that needs no escapes (a key that is not shows in the events' text, which the JSON output
    /// tests compare). Inlinable, so that a key is a constant where it is declared.
    @inlinable
    public init(_ text: StaticString) {
        self.text = text
    }
}
