// The keyed-container cache. `Encoder.container(keyedBy:)` must return a
// `KeyedEncodingContainer<Key>`, which wraps our writer in a heap box: one allocation per
// object encoded. The cache keeps a few boxes per coding-key type and hands them out again,
// pointed at the new frame.
//
// It leans on a standard-library layout detail that is not promised: a
// `KeyedEncodingContainer` is exactly one strong reference to its box. `keyedContainerIsOneReference`
// checks that once, at run time, before anything relies on it (size, alignment and stride of
// one reference; a box kept alive by the retained word alone; a copy counted; the box freed on
// release). When the check fails, every container is made afresh and the cache is never used.
// A box is reused only while the cache holds its only reference, so a container still held
// by user code is never retargeted. docs/state-diff.md says what it saves.

/// A keyed container kept for reuse, as its box (the one reference `KeyedEncodingContainer`
/// holds), retained once by the cache.
struct CachedContainer {
    var box: Unmanaged<AnyObject>
    let id: Int
}

extension EncodingStorage {
    /// A cached container of key type `entry` that nobody else holds (unretained), and its box id.
    @inline(__always)
    mutating func freeContainer(ofKeyType entry: Int) -> (Unmanaged<AnyObject>, Int)? {
        for index in keyTypes[entry].containers.indices where isOnlyReference(&keyTypes[entry].containers[index].box) {
            return (keyTypes[entry].containers[index].box, keyTypes[entry].containers[index].id)
        }
        return nil
    }

    mutating func addBox(targeting frame: Int) -> Int {
        boxTargets.append(frame)
        return boxTargets.count - 1
    }

    @inline(__always)
    mutating func retarget(box: Int, to frame: Int) {
        boxTargets[box] = frame
    }

    /// Forgets the cached containers (they refer to the session, which could not be freed).
    mutating func dropCachedContainers() {
        for index in keyTypes.indices {
            for container in keyTypes[index].containers { container.box.release() }
            keyTypes[index].containers = []
        }
    }
}

/// Turns a cached box back into the `KeyedEncodingContainer<Key>` it came from.
class AnyKeyedContainerMaker {}

final class KeyedContainerMaker<Container>: AnyKeyedContainerMaker {
    /// The container whose box is `box` (the container's only stored property), holding a new
    /// reference to it. Not inlined: here the container type's metadata comes with `self`, in
    /// the caller it would be looked up.
    @inline(never)
    func container(from box: Unmanaged<AnyObject>) -> Container {
        box._withUnsafeGuaranteedRef { unsafeBitCast($0, to: Container.self) }
    }
}

/// True when a `KeyedEncodingContainer` is exactly one strong reference to its box, so
/// that a box can be kept and turned back into a container, and the box's reference
/// count tells whether anyone still holds a container. Checked once, by watching a token
/// that only the probe container's box holds; when it does not hold, containers are made
/// afresh each time.
let keyedContainerIsOneReference: Bool = {
    typealias Probe = KeyedEncodingContainer<FieldKey>
    guard MemoryLayout<Probe>.size == MemoryLayout<AnyObject>.size,
          MemoryLayout<Probe>.alignment == MemoryLayout<AnyObject>.alignment,
          MemoryLayout<Probe>.stride == MemoryLayout<AnyObject>.stride else { return false }
    var token = ProbeToken()
    var box: Unmanaged<AnyObject>
    do {
        let container = Probe(ProbeKeyedWriter<FieldKey>(token: token))
        box = Unmanaged.passRetained(unsafeBitCast(container, to: AnyObject.self))
        withExtendedLifetime(container) {}
    }
    // The container is gone; the retained word must keep its box (and so the token) alive,
    // be the box's only reference, and count a copy made from it.
    guard !isKnownUniquelyReferenced(&token), isOnlyReference(&box) else { return false }
    func isSharedWhileCopied() -> Bool {
        let copy = unsafeBitCast(box.takeUnretainedValue(), to: Probe.self)
        return withExtendedLifetime(copy) { !isOnlyReference(&box) }
    }
    guard isSharedWhileCopied(), isOnlyReference(&box) else { return false }
    // Releasing the word frees the box, which lets go of the token.
    box.release()
    return isKnownUniquelyReferenced(&token)
}()

/// What the probe container's writer holds, to see when the container's box goes away.
final class ProbeToken {}

/// True when the one retain `box` was made with is the only strong reference to its object.
///
/// The reference is kept unmanaged because `isKnownUniquelyReferenced` on an `AnyObject`
/// may look at a temporary copy (and answer false); an unmanaged reference is a plain
/// word, so the check reads the object's own count.
@inline(__always)
func isOnlyReference(_ box: inout Unmanaged<AnyObject>) -> Bool {
    _isUnique_native(&box)
}
