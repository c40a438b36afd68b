import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one `URLSessionDataTask` for an async caller, cancelling the task when the caller's
/// task is cancelled (then it throws `CancellationError`).
enum CancellableDataTask {
    /// Sends `request` through `session` and returns the body and the response.
    static func run(_ request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let link = Link()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                if link.attach(task) {
                    task.resume()
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            link.cancel()
        }
    }

    /// Connects the cancellation handler, which may run before the task exists, to the task.
    private final class Link: Sendable {
        private struct State {
            var task: URLSessionDataTask?
            var isCancelled = false
        }

        private let state = Mutex(State())

        /// Records `task`; false when cancellation came first (the task must not start).
        func attach(_ task: URLSessionDataTask) -> Bool {
            state.withLock { state in
                guard !state.isCancelled else { return false }
                state.task = task
                return true
            }
        }

        /// Cancels the attached task, or the one attached later.
        func cancel() {
            let task = state.withLock { state in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }
    }
}
