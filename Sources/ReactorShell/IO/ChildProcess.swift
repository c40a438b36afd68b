#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs this program again as a child process (the explorer runs its attempts there, so that a
/// reactor that traps ends only the attempt), and waits for it.
enum ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signaled(Int32)
    }

    /// The path of the running program's executable, if it can be found.
    static var currentExecutable: String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }

    /// Starts `executable` with `arguments` (without the program name) and `environment`; the
    /// child's descriptors 0, 1 and 2 are `input`, `output` and `errors`, and `extra` (if given)
    /// becomes its descriptor 3. Returns the child's process id, or the error of `posix_spawn`.
    static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        input: Int32 = 0, output: Int32 = 1, errors: Int32 = 2, extra: Int32? = nil
    ) -> Result<pid_t, POSIXError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(input, Int32(0)), (output, 1), (errors, 2)] where source != target {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        if let extra { posix_spawn_file_actions_adddup2(&actions, extra, 3) }
        // The child keeps only its copies: a pipe's end left open under its old number too would
        // keep the pipe open after the child closes its copy (its reader would see no end).
        let targets: Set<Int32> = extra == nil ? [0, 1, 2] : [0, 1, 2, 3]
        for source in Set([input, output, errors] + (extra.map { [$0] } ?? [])) where !targets.contains(source) {
            posix_spawn_file_actions_addclose(&actions, source)
        }
        var pid = pid_t()
        let result = POSIXIO.withCStringArray([executable] + arguments) { argv in
            POSIXIO.withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { envp in
                posix_spawn(&pid, executable, &actions, nil, argv, envp)
            }
        }
        guard result == 0 else { return .failure(POSIXError(code: result)) }
        return .success(pid)
    }

    /// Waits for child `pid` to end.
    static func wait(for pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(127) }
        }
        // The <sys/wait.h> macros, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
