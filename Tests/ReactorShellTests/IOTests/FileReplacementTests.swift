import Foundation
import Testing
@testable import ReactorShell

/// The one writer of the files the shell produces: a temporary file beside the target, renamed
/// over it (issue 25); and the bounded reader of files it compares with.
@Suite struct FileReplacementTests {
    private static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "file-replacement-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aReaderOfTheOldFileKeepsItsBytesAndTheNewFileIsWhole() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/script.rsh"
        try "increase\ndecrease\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        let reader = open(path, O_RDONLY)
        defer { close(reader) }
        #expect(FileReplacement.write("a whole new text\n", to: path) == nil)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "increase\ndecrease\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a whole new text\n")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "a replaced file keeps its permissions")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["script.rsh"])
    }

    @Test func aDirectoryIsRefusedADeviceIsWrittenInPlaceAControlCharacterIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileReplacement.write("x", to: directory) == FileAccessError("is a directory"))
        #expect(FileReplacement.write("x", to: "/dev/null") == nil)
        #expect(FileReplacement.write("x", to: "/dev/full")?.reason == "No space left on device")
        #expect(FileReplacement.write("x", to: directory + "/a\u{0}b")?.reason
            == "a file name cannot contain control characters (found U+0000)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func theBoundedReaderReadsRegularFilesUpToTheLimitOnly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/a.out"
        #expect(BoundedFile.read(path, limit: 10) == .success(.missing))
        try "0123456789".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(BoundedFile.read(path, limit: 10) == .success(.bytes(Array("0123456789".utf8))))
        #expect(BoundedFile.read(path, limit: 9) == .failure(FileAccessError("is larger than 9 (the most that is read)")))
        #expect(BoundedFile.read("/dev/zero", limit: 10) == .failure(FileAccessError("is not a regular file")))
        #expect(BoundedFile.read(directory, limit: 10) == .failure(FileAccessError("is a directory")))
    }
}
