import StateDiff

extension CounterReactor.State: StateValueConvertible {
    /// What encoding gives (fields in declaration order, the pulse as its plain value, `nil` as
    /// `.null`), built directly: the shell describes the state after every reduction, and this
    /// skips the encoder's containers.
    public var stateValue: StateValue {
        .object([
            StateField("value", .int(value)),
            StateField("isLoading", .bool(isLoading)),
            StateField("alertMessage", alertMessage.map(StateValue.string) ?? .null),
        ])
    }
}
