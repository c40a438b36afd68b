import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct LineEditingTemporaryDirectory {
    let path: String

    init() {
        let template = NSTemporaryDirectory() + "line-editing-XXXXXX"
        var bytes = Array(template.utf8CString)
        let created = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(cString: bytes.withUnsafeBufferPointer { $0.baseAddress! })
    }

    func file(_ name: String) -> String { path + "/" + name }

    func read(_ name: String) -> String {
        (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }

    func write(_ contents: String, to name: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(contents.utf8))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
