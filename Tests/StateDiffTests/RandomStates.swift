import StateDiff
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random states and edits for the property tests.
struct RandomStates {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    static let strings = ["", "a", "b", "swift1", "héllo", "👋🏽", "🇫🇷x", "q\"uote", "line\nbreak", "~/", "e\u{301}"]
    static let doubles: [Double] = [0.5, 1.0, -2.25, .nan, .infinity, -.infinity, 1e300, 0.1]
    static let keys = ["a", "b", "c", "name", "items", "x/y", "m~n", "count", "title"]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }

    mutating func scalar() -> StateValue {
        switch below(6) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .int(Int.random(in: -5...5, using: &generator))
        case 3: return .double(Self.doubles.randomElement(using: &generator)!)
        default: return .string(Self.strings.randomElement(using: &generator)!)
        }
    }

    mutating func value(depth: Int) -> StateValue {
        guard depth > 0, !chance(35) else { return scalar() }
        if chance(50) {
            let count = below(7)
            if chance(40) {
                return .array((0..<count).map { _ in identifiedElement(depth: depth - 1) })
            }
            return .array((0..<count).map { _ in value(depth: depth - 1) })
        }
        return object(depth: depth)
    }

    mutating func object(depth: Int) -> StateValue {
        var fields: [StateField] = []
        for key in Self.keys.shuffled(using: &generator).prefix(below(5)) {
            fields.append(StateField(key, value(depth: depth - 1)))
        }
        return .object(fields)
    }

    private var nextID = 0

    mutating func identifiedElement(depth: Int) -> StateValue {
        nextID += 1
        return .object([StateField("id", .int(nextID)), StateField("title", scalar()), StateField("body", value(depth: max(depth - 1, 0)))])
    }

    /// `value` changed in one to three random places.
    mutating func edited(_ value: StateValue) -> StateValue {
        var result = value
        for _ in 0...below(3) {
            let locations = allPaths(in: result)
            let location = locations.randomElement(using: &generator)!
            let target = try! result.value(at: location)
            result = setting(result, at: location.components[...], to: editedLocally(target))
        }
        return result
    }

    /// One local edit of a value: replace it, or edit it as a collection.
    mutating func editedLocally(_ target: StateValue) -> StateValue {
        switch target {
        case .array(var elements) where chance(75):
            switch below(6) {
            case 0: elements.insert(chance(50) ? identifiedElement(depth: 1) : value(depth: 1), at: below(elements.count + 1))
            case 1: if !elements.isEmpty { elements.remove(at: below(elements.count)) }
            case 2: elements.reverse()
            case 3: elements.shuffle(using: &generator)
            case 4: if elements.count > 1 { elements.swapAt(below(elements.count), below(elements.count)) }
            default: elements.append(contentsOf: (0..<below(4)).map { _ in value(depth: 1) })
            }
            return .array(elements)
        case .object(var fields) where chance(75):
            switch below(4) {
            case 0:
                if let key = Self.keys.first(where: { key in !fields.contains { $0.key == key } }) {
                    fields.insert(StateField(key, value(depth: 1)), at: chance(70) ? fields.count : below(fields.count + 1))
                }
            case 1: if !fields.isEmpty { fields.remove(at: below(fields.count)) }
            case 2: fields.shuffle(using: &generator)
            default: if !fields.isEmpty { fields[below(fields.count)].value = scalar() }
            }
            return .object(fields)
        default:
            return chance(80) ? scalar() : value(depth: 2)
        }
    }
}

/// Every path in `value`, the root first.
func allPaths(in value: StateValue) -> [StatePath] {
    var result: [StatePath] = [.root]
    func walk(_ value: StateValue, _ path: StatePath) {
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                result.append(path.appending(index: index))
                walk(element, path.appending(index: index))
            }
        case .object(let fields):
            for field in fields {
                result.append(path.appending(key: field.key))
                walk(field.value, path.appending(key: field.key))
            }
        default: break
        }
    }
    walk(value, .root)
    return result
}

/// `value` with the value at `components` replaced by `newValue` (a test-local setter,
/// independent of the code under test).
func setting(_ value: StateValue, at components: ArraySlice<StatePath.Component>, to newValue: StateValue) -> StateValue {
    guard let first = components.first else { return newValue }
    switch (first, value) {
    case (.index(let index), .array(var elements)):
        elements[index] = setting(elements[index], at: components.dropFirst(), to: newValue)
        return .array(elements)
    case (.key(let key), .object(var fields)):
        let index = fields.firstIndex { $0.key == key }!
        fields[index].value = setting(fields[index].value, at: components.dropFirst(), to: newValue)
        return .object(fields)
    default:
        fatalError("no such path")
    }
}
