import Foundation

/// The address of GitHub's repository search under an API base URL, e.g. `https://api.github.com`
/// or a GitHub Enterprise `https://ghe.example.com/api/v3`.
struct GitHubSearchEndpoint: Sendable, Equatable {
    /// The base URL without trailing slashes.
    let base: String
    /// `host` or `host:port` as written in the base URL, for messages.
    let authority: String

    /// Validates `baseURL`: an absolute `http` or `https` URL with a host and no query or fragment.
    init(baseURL: String) throws(RepositoryFetchError) {
        var trimmed = baseURL.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil
        else {
            throw RepositoryFetchError(
                .invalidBaseURL,
                message: "invalid GitHub API URL '\(Self.withoutCredentials(baseURL))': expected http://HOST[:PORT][/PATH] or https://…"
            )
        }
        let hostForDisplay = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        base = trimmed
        authority = components.port.map { "\(hostForDisplay):\($0)" } ?? hostForDisplay
    }

    /// The URL of page `page` of the search for `query`.
    func searchURL(query: String, page: Int) throws(RepositoryFetchError) -> URL {
        let text = "\(base)/search/repositories?q=\(Self.percentEncoded(query))&page=\(page)"
        guard let url = URL(string: text) else {
            throw RepositoryFetchError(.invalidBaseURL, message: "invalid GitHub API URL '\(base)'")
        }
        return url
    }

    /// Percent-encodes every byte of the UTF-8 form of `text` except RFC 3986's unreserved
    /// characters (`A-Z a-z 0-9 - . _ ~`), so that `&`, `=`, `+`, `/` and spaces survive as data.
    static func percentEncoded(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `text` with any `user:password@` part of a URL removed, so messages never show credentials.
    private static func withoutCredentials(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"),
              let at = text[schemeEnd.upperBound...].firstIndex(of: "@")
        else { return text }
        let slash = text[schemeEnd.upperBound...].firstIndex(of: "/")
        if let slash, slash < at { return text }
        return String(text[..<schemeEnd.upperBound]) + String(text[text.index(after: at)...])
    }
}
