/// Where a ``VirtualClock`` keeps its parked sleepers: each in a slot of one array, a slot reused
/// once its sleeper leaves (the free slots are kept in a list). Parking, finding and removing a
/// sleeper by its slot is O(1) and hashes nothing (a dictionary by id hashed three times a timer,
/// about 400 instructions a counter line).
///
/// A slot says nothing about which sleeper is in it now: the clock keeps each sleeper's id in it
/// and compares (a slot reused by a later sleeper has another id).
struct SleeperSlots<Sleeper> {
    private var slots: [Sleeper?] = []
    private var freeSlots: [Int] = []
    /// How many sleepers are held.
    private(set) var count = 0

    /// Stores `sleeper` in a free slot and returns the slot.
    mutating func insert(_ sleeper: Sleeper) -> Int {
        count += 1
        if let slot = freeSlots.popLast() {
            slots[slot] = sleeper
            return slot
        }
        slots.append(sleeper)
        return slots.count - 1
    }

    /// The sleeper in `slot`, if there is one.
    func sleeper(in slot: Int) -> Sleeper? {
        slots[slot]
    }

    /// Takes the sleeper out of `slot` (nil when it is empty), freeing the slot.
    mutating func remove(from slot: Int) -> Sleeper? {
        guard let sleeper = slots[slot] else { return nil }
        slots[slot] = nil
        freeSlots.append(slot)
        count -= 1
        return sleeper
    }
}
