/// A small open-addressing map from a type's identity to an index: a lookup is a multiply,
/// a shift and a compare or two, cheaper than hashing into a `Dictionary`.
struct TypeTable {
    private var keys: [UInt] = []
    private var values: [Int32] = []
    private var count = 0
    private var shift = 64

    private func home(_ bits: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    func find(_ id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let bits = UInt(bitPattern: id)
        let mask = keys.count - 1
        var position = home(bits)
        while true {
            let key = keys[position]
            if key == bits { return Int(values[position]) }
            if key == 0 { return nil }
            position = (position + 1) & mask
        }
    }

    mutating func insert(_ id: ObjectIdentifier, _ value: Int) {
        insert(bits: UInt(bitPattern: id), value)
    }

    private mutating func insert(bits: UInt, _ value: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var position = home(bits)
        while keys[position] != 0 && keys[position] != bits { position = (position + 1) & mask }
        if keys[position] == 0 { count += 1 }
        keys[position] = bits
        values[position] = Int32(value)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for (position, key) in oldKeys.enumerated() where key != 0 {
            insert(bits: key, Int(oldValues[position]))
        }
    }
}
