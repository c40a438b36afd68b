/// The list of a runtime's live effect units, linked through the units (``EffectUnit/nextLive``)
/// oldest first: adding and removing one costs no hashing, and cancelling walks them in start order.
extension ReactorRuntime {
    /// The runtime of `unit`, unretained, while the unit is live (see ``EffectUnit/liveOwner``).
    @inlinable
    static func liveRuntime(of unit: EffectUnit) -> Unretained<ReactorRuntime>? {
        guard unit.isLive, let owner = unit.liveOwner else { return nil }
        return owner.assumingType(ReactorRuntime.self)
    }

    /// Appends `unit` to the list of live effects.
    @inlinable
    func linkLive(_ unit: EffectUnit) {
        unit.liveOwner = Unretained<AnyObject>(self)
        unit.previousLive = hot.value.lastLiveEffect
        if let last = lastLiveEffect {
            last.nextLive = unit
        } else {
            firstLiveEffect = unit
        }
        lastLiveEffect = unit
        unit.isLive = true
        if let cancellation = unit.cancellation { indexForCancellation(unit, under: cancellation.id) }
    }

    /// Lists `unit` under its cancellation `id`. A list drops its units that ended or were
    /// cancelled each time its length reaches a power of two, so it stays within twice the live
    /// ones at O(1) amortized a unit.
    @usableFromInline
    func indexForCancellation(_ unit: EffectUnit, under id: AnyHashable) {
        liveUnitsByCancellationID[id, default: []].append(unit)
        let count = liveUnitsByCancellationID[id]?.count ?? 0
        if count >= 8 && count.nonzeroBitCount == 1 {
            liveUnitsByCancellationID[id]?.removeAll { !$0.isLive || $0.isCancelled }
        }
    }

    /// Lists `reservations`, just collected for the effect of `owner`, among the open ones (with
    /// the same pruning as ``indexForCancellation(_:under:)``).
    @usableFromInline
    func openReservations(_ reservations: CancellableReservations, of owner: EffectUnit) {
        reservations.owner = owner
        openReservations.append(reservations)
        let count = openReservations.count
        if count >= 8 && count.nonzeroBitCount == 1 { openReservations.removeAll(where: \.isSettled) }
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
            hot.value.lastLiveEffect = previous
        }
        if let previous {
            previous.object.nextLive = next
        } else {
            firstLiveEffect = next
        }
    }

    /// Reports a step in the life of `unit` to the event observers (callers check that there are
    /// any, so that a reactor without them builds no event).
    @inlinable
    func reportEffect(_ unit: EffectUnit, _ phase: EffectPhase) {
        emitEffect(EffectEvent(
            effectID: unit.id, actionID: unit.actionID, cancellation: unit.cancellation,
            phase: phase, time: unit.scheduler.clock.now, cancellingActionID: unit.cancellingActionID
        ))
    }

    /// Cancels every effect task running under `id`, and the parts under `id` that live effects
    /// have registered but not started (``CancellableReservations``); `actionID` is the action whose
    /// effect asks for it (reported with each cancelled task's end, and with each such part).
    @usableFromInline
    ///
    /// O(1) a unit cancelled, however many effects are live: the units come from their id's list
    /// (in start order, as a walk of the live list would meet them; a cancelled unit needs no
    /// second cancellation, so the list is dropped), the reservations from the open ones.
    func cancelEffects(id: AnyHashable, by actionID: Int?) {
        if let units = liveUnitsByCancellationID.removeValue(forKey: id) {
            for unit in units where unit.isLive { unit.cancel(by: actionID) }
        }
        guard !openReservations.isEmpty else { return }
        openReservations.removeAll(where: \.isSettled)
        for reservations in openReservations {
            guard let owner = reservations.owner else { continue }
            reservations.cancel(id: id) { part in reportCancelledBeforeStart(part, of: owner, by: actionID) }
        }
    }

    /// Reports `part` of the effect of `owner`, cancelled by the effect of action `actionID` before
    /// it started: it gets the effect number it would have had, and its only event,
    /// ``EffectPhase/cancelledBeforeStart``.
    func reportCancelledBeforeStart(_ part: CancellableReservations.Reservation, of owner: EffectUnit, by actionID: Int?) {
        let effectID = scheduler.makeEffectID()
        guard hasEventObservers else { return }
        emitEffect(EffectEvent(
            effectID: effectID, actionID: owner.actionID, cancellation: CancellationIDBox(part.id),
            phase: .cancelledBeforeStart, time: scheduler.clock.now, cancellingActionID: actionID
        ))
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
