/// Turns UTF-8 byte offsets of a line into 1-based character columns.
///
/// ASCII lines (the common case) need no table: the column is the offset plus one.
struct ColumnMap {
    private let columns: [Int32]?

    /// The map of the line `bytes` (valid UTF-8).
    init(_ bytes: LineBytes) {
        // One pass without an early exit, which the compiler turns into wide loads.
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        if high < 0x80 {
            columns = nil
            return
        }
        var table = [Int32]()
        table.reserveCapacity(bytes.count + 1)
        var column: Int32 = 1
        for character in String(decoding: bytes, as: UTF8.self) {
            for _ in 0..<character.utf8.count { table.append(column) }
            column += 1
        }
        table.append(column)
        columns = table
    }

    /// The column of the character that contains the byte at `offset` (`offset == count` gives the end column).
    func column(at offset: Int) -> Int {
        guard let columns else { return offset + 1 }
        return Int(columns[min(offset, columns.count - 1)])
    }
}
