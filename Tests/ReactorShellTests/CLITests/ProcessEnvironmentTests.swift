#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ReactorShell

/// The environment the shell starts with is read from `environ` byte by byte.
struct ProcessEnvironmentTests {
    @Test func entriesAreSplitAtTheFirstEqualsSign() {
        let name = "REACTOR_SHELL_TEST_ENV_\(getpid())"
        setenv(name, "a=b=c ü", 1)
        setenv(name + "_EMPTY", "", 1)
        defer {
            unsetenv(name)
            unsetenv(name + "_EMPTY")
        }
        let environment = ReactorShellMain.processEnvironment()
        #expect(environment[name] == "a=b=c ü")
        #expect(environment[name + "_EMPTY"] == "")
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
    }
}
