import CCurlLoader
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// BuiltinReactors' one door to pointer code: libcurl's C interface (a retained context handed
// to its thread, C string arrays for the headers, the response's bytes). Why: libcurl is opened
// with dlopen and called through C; nothing else in the module touches a pointer. Pinned by
// LibcurlFetcherTests and GitHubSearchNetworkTests (requests to a loopback server).

/// A complete HTTP answer: the status, the header fields and the (decoded) body.
struct HTTPAnswer: Sendable, Equatable {
    /// The status code, e.g. 200.
    var status: Int
    /// The header fields in the order received, values without surrounding blanks.
    var headers: [HTTPHeaderField]
    /// The body, decompressed when the server compressed it.
    var body: [UInt8]

    /// The value of the first field named `name` (compared case-insensitively), nil when there is
    /// none or it is empty.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        guard let value = headers.first(where: { $0.name.lowercased() == wanted })?.value, !value.isEmpty else { return nil }
        return value
    }

    /// The fields of raw header lines (`Name: value` CRLF …); lines without a colon are skipped.
    static func headerFields(of bytes: [UInt8]) -> [HTTPHeaderField] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            return HTTPHeaderField(
                name: name.trimmingBlanks(),
                value: value.trimmingBlanks()
            )
        }
    }
}

/// One header field of an ``HTTPAnswer``.
struct HTTPHeaderField: Sendable, Equatable {
    var name: String
    var value: String
}

/// Why an exchange through libcurl produced no ``HTTPAnswer``.
enum LibcurlFailure: Error, Sendable, Equatable {
    /// No libcurl could be loaded; `reason` is the dynamic loader's message for `name`.
    case libraryUnavailable(name: String, reason: String)
    /// The transfer failed: `code` is curl's `CURLcode`, `osErrno` the system error behind a failed
    /// connection (0 when unknown), `message` curl's explanation.
    case transfer(code: Int, osErrno: Int, message: String)
    /// The body was larger than the limit, in bytes.
    case bodyTooLarge(limit: Int)
}

/// HTTP GET through a libcurl that is loaded with `dlopen` when the first request needs it, so
/// that programs which never search the network never load libcurl and its ~30 libraries.
///
/// Each request runs on a thread of its own (libcurl's transfer loop blocks). Cancelling the
/// calling task stops the transfer at once, also while it waits for the server, and the request
/// then throws `CancellationError`.
enum LibcurlHTTPClient {
    /// The libraries tried in order: the versioned name libcurl has on every Linux distribution,
    /// then the development symlink; on macOS, the system's libcurl.
    static var defaultLibraryNames: [String] {
        #if canImport(Darwin)
        return ["libcurl.4.dylib", "/usr/lib/libcurl.4.dylib"]
        #else
        return ["libcurl.so.4", "libcurl.so"]
        #endif
    }

    /// The largest body accepted.
    static var maximumBodySize: Int { Int(CCURL_MAXIMUM_BODY_SIZE) }

    /// Sends `GET url` with `headers` (`Name: value` lines) through the first of `libraryNames`
    /// that loads, and returns the answer; fails with ``LibcurlFailure`` or, when the calling task
    /// is cancelled, `CancellationError`.
    static func get(
        _ url: String, headers: [String], timeout: Duration, libraryNames: [String] = defaultLibraryNames
    ) async throws -> HTTPAnswer {
        let cancellation = try TransferCancellation()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPAnswer, any Error>, Never>) in
                runOnThreadOfItsOwn {
                    continuation.resume(returning: Result {
                        try perform(url, headers: headers, timeout: timeout, libraryNames: libraryNames, cancellation: cancellation)
                    })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try outcome.get()
    }

    /// Runs `body` on a new thread, which ends with it.
    ///
    /// Not on a dispatch queue: a transfer blocks its thread for as long as the server takes, and
    /// on Linux a dispatch worker blocked that way once kept the main queue from being drained
    /// (the interactive shell then read no keys and no Ctrl-C until the request timed out). A
    /// thread of its own holds up nothing else; it inherits the creating thread's signal mask.
    private static func runOnThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
        final class Work: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, work.toOpaque())
        if status == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            if let thread { pthread_detach(thread) }
            #endif
        } else {
            // No thread to be had (a process limit): a dispatch queue is better than nothing.
            work.release()
            DispatchQueue(label: "reactor-shell.libcurl").async { body() }
        }
    }

    /// Loads the library and runs the transfer on the calling thread, which it blocks.
    private static func perform(
        _ url: String, headers: [String], timeout: Duration, libraryNames: [String], cancellation: TransferCancellation
    ) throws -> HTTPAnswer {
        let library = try load(libraryNames)
        var response = ccurl_response()
        defer { ccurl_response_release(&response) }
        try withCStrings(headers) { headerLines in
            url.withCString { url in
                var request = ccurl_request(
                    url: url,
                    headers: headerLines.baseAddress,
                    header_count: headerLines.count,
                    timeout_ms: milliseconds(timeout),
                    cancel_fd: cancellation.descriptor
                )
                ccurl_get(library, &request, &response)
            }
        }
        switch response.outcome {
        case CCURL_COMPLETED:
            return HTTPAnswer(
                status: response.status,
                headers: HTTPAnswer.headerFields(of: bytes(response.headers, count: response.headers_length)),
                body: bytes(response.body, count: response.body_length)
            )
        case CCURL_CANCELLED:
            throw CancellationError()
        case CCURL_TOO_LARGE:
            throw LibcurlFailure.bodyTooLarge(limit: maximumBodySize)
        default:
            let message = withUnsafeBytes(of: response.message) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw LibcurlFailure.transfer(code: Int(response.curl_code), osErrno: response.os_errno, message: message)
        }
    }

    /// The first of `names` that loads; the loader's reason for the first name when none does.
    private static func load(_ names: [String]) throws(LibcurlFailure) -> OpaquePointer {
        var firstFailure: LibcurlFailure?
        for name in names {
            var error = [CChar](repeating: 0, count: 512)
            if let library = ccurl_library_load(name, &error, error.count) { return library }
            if firstFailure == nil {
                let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                firstFailure = .libraryUnavailable(name: name, reason: reason)
            }
        }
        throw firstFailure ?? .libraryUnavailable(name: "libcurl", reason: "no library name given")
    }

    /// Whole milliseconds, rounded up, at least 1 (libcurl reads 0 as "no limit").
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 1 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return Int.max }
        let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        let (total, overflowAgain) = Int(clamping: whole).addingReportingOverflow(Int(fraction))
        return overflowAgain ? Int.max : max(1, total)
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<UInt8>?, count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// Calls `body` with NUL-terminated copies of `strings`, valid only during the call.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>>) throws -> Result
    ) throws -> Result {
        // One buffer for all: each string's UTF-8 bytes and a NUL, one after the other.
        var storage: [CChar] = []
        var offsets: [Int] = []
        for string in strings {
            offsets.append(storage.count)
            storage.append(contentsOf: string.utf8.map { CChar(bitPattern: $0) })
            storage.append(0)
        }
        return try storage.withUnsafeBufferPointer { buffer in
            let pointers = offsets.map { buffer.baseAddress! + $0 }
            return try pointers.withUnsafeBufferPointer(body)
        }
    }
}

/// Tells a transfer on another thread to stop: a pipe whose read end libcurl's wait watches
/// (so it wakes at once) and that stays readable once written to.
final class TransferCancellation: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32
    private let isCancelled = Atomic<Bool>(false)

    /// Creates the pipe; fails with ``LibcurlFailure/transfer(code:osErrno:message:)`` when the
    /// process is out of descriptors.
    init() throws(LibcurlFailure) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let error = errno
            throw LibcurlFailure.transfer(code: -1, osErrno: Int(error), message: "cannot create a pipe: \(String(cString: strerror(error)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// The descriptor that turns readable on ``cancel()``.
    var descriptor: Int32 { readEnd }

    /// Makes ``descriptor`` readable. Safe from any thread, any number of times.
    func cancel() {
        guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1) // an empty pipe takes one byte without blocking
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (and a line's trailing CR).
    func trimmingBlanks() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
