import ReactorCore

/// Errors thrown by test effects.
struct TestError: Error, Equatable {
    let code: Int
}
