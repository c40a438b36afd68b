import StateDiff

extension CounterReactor.State: StateObjectWritable {
    /// What encoding gives (fields in declaration order, the pulse as its plain value, `nil` as
    /// `.null`), written directly: the shell describes the state after every reduction, and this
    /// skips the encoder's containers and writes over the previous value's storage.
    public func writeFields(to object: inout StateObjectWriter) {
        object.write("value", value)
        object.write("isLoading", isLoading)
        object.write("alertMessage", alertMessage)
    }
}
