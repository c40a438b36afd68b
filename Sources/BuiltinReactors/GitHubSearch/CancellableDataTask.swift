import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one `URLSessionDataTask` for an async caller with a deadline of its own.
///
/// Cancelling the caller's task cancels the data task (then it throws `CancellationError`);
/// passing the deadline cancels it too (then it throws `URLError(.timedOut)`).
enum CancellableDataTask {
    /// Sends `request` through `session` and returns the body and the response, or fails with
    /// `URLError(.timedOut)` when the whole exchange takes longer than `timeout`.
    static func run(_ request: URLRequest, in session: URLSession, timeout: Duration) async throws -> (Data, URLResponse) {
        let link = Link()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    link.finish()
                    if let error {
                        let expired = (error as? URLError)?.code == .cancelled && link.hasExpired
                        continuation.resume(throwing: expired ? URLError(.timedOut) : error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                guard link.attach(task) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                link.setDeadline(Task {
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    link.expire()
                })
                task.resume()
            }
        } onCancel: {
            link.cancel()
        }
    }

    /// Connects the data task to the cancellation handler (which may run before the task
    /// exists) and to the deadline.
    private final class Link: Sendable {
        private struct State {
            var task: URLSessionDataTask?
            var deadline: Task<Void, Never>?
            var isCancelled = false
            var hasExpired = false
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

        /// Records the task that expires the exchange, so that `finish()` can call it off.
        func setDeadline(_ deadline: Task<Void, Never>) {
            state.withLock { $0.deadline = deadline }
        }

        /// Whether the deadline passed before the task finished.
        var hasExpired: Bool { state.withLock { $0.hasExpired } }

        /// Cancels the attached task, or the one attached later.
        func cancel() {
            let task = state.withLock { state in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }

        /// The deadline passed: marks the exchange as timed out and cancels the task.
        func expire() {
            let task = state.withLock { state in
                state.hasExpired = true
                return state.task
            }
            task?.cancel()
        }

        /// The task completed: calls the deadline off and lets go of the task.
        func finish() {
            let deadline = state.withLock { state in
                defer { state.deadline = nil; state.task = nil }
                return state.deadline
            }
            deadline?.cancel()
        }
    }
}
