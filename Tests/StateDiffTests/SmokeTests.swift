import StateDiff
import Testing

@Test func counterSetLoadingRendersOneReplaceLine() {
    #expect(textDiff(CounterState(), CounterState(isLoading: true)) == ["isLoading: false → true"])
}
