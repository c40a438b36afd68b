/// The list of a runtime's live effect units, linked through the units (``EffectUnit/nextLive``)
/// oldest first: adding and removing one costs no hashing, and cancelling walks them in start order.
extension ReactorRuntime {
    /// The runtime of `unit`, unretained, while the unit is live (see ``EffectUnit/liveOwner``).
    @inlinable
    static func liveRuntime(of unit: EffectUnit) -> Unmanaged<ReactorRuntime>? {
        guard unit.isLive, let owner = unit.liveOwner else { return nil }
        return Unmanaged.fromOpaque(owner)
    }

    /// Appends `unit` to the list of live effects.
    @inlinable
    func linkLive(_ unit: EffectUnit) {
        unit.liveOwner = Unmanaged.passUnretained(self).toOpaque()
        unit.previousLive = lastLiveEffect
        if let last = lastLiveEffect {
            last.nextLive = unit
        } else {
            firstLiveEffect = unit
        }
        lastLiveEffect = unit
        unit.isLive = true
    }

    /// Removes `unit` from the list of live effects, if it is there. The caller holds `unit`.
    @inlinable
    func unlinkLive(_ unit: EffectUnit) {
        guard unit.isLive else { return }
        unit.isLive = false
        let next = unit.nextLive
        let previous = unit.previousLive
        unit.nextLive = nil
        unit.previousLive = nil
        if let next {
            next.previousLive = previous
        } else {
            lastLiveEffect = previous
        }
        if let previous {
            previous.nextLive = next
        } else {
            firstLiveEffect = next
        }
    }

    /// Reports a step in the life of `unit` to the event observers (callers check that there are
    /// any, so that a reactor without them builds no event).
    @inlinable
    func reportEffect(_ unit: EffectUnit, _ phase: EffectPhase) {
        emitEffect(EffectEvent(
            effectID: unit.id, actionID: unit.actionID, cancellationID: unit.cancellationID,
            phase: phase, time: scheduler.clock.now, cancellingActionID: unit.cancellingActionID
        ))
    }

    /// Cancels every effect task running under `id`, and the parts under `id` that live effects
    /// have registered but not started (``CancellableReservations``); `actionID` is the action whose
    /// effect asks for it (reported with each cancelled task's end).
    @usableFromInline
    func cancelEffects(id: AnyHashable, by actionID: Int?) {
        for unit in liveEffectsInStartOrder {
            if unit.cancellationID == id { unit.cancel(by: actionID) }
            unit.reservations?.cancel(id: id)
        }
    }

    /// Cancels every effect task of the reactor.
    @usableFromInline
    func cancelAll() {
        for unit in liveEffectsInStartOrder { unit.cancel() }
    }

    /// The live effect units, oldest first (so cancellations happen in a deterministic order),
    /// collected before any is cancelled.
    var liveEffectsInStartOrder: [EffectUnit] {
        var units: [EffectUnit] = []
        var unit = firstLiveEffect
        while let current = unit {
            units.append(current)
            unit = current.nextLive
        }
        return units
    }
}
