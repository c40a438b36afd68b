import StateDiff
import Testing

/// `StateValue.checkShape(of:)`: whether a path can exist in a state shaped like this one.
@Suite("Shape checks")
struct ShapeCheckTests {
    private let state = StateValue.object([
        StateField("posts", .array([.object([StateField("id", .int(1)), StateField("title", .string("a"))])])),
        StateField("tags", .array([])),
        StateField("query", .null),
        StateField("name", .string("x")),
    ])

    private func problem(_ path: String) throws -> String? {
        do {
            try state.checkShape(of: try StatePath(parsing: path))
            return nil
        } catch let error as StateQueryError {
            return error.message
        }
    }

    @Test func whatTheContentsDecideIsAccepted() throws {
        for path in ["posts[7].title", "posts[0].id", "posts.count", "tags[3].anything.at.all", "query.count", "query[2].x", "name.count", ""] {
            #expect(try problem(path) == nil, "\(path)")
        }
    }

    @Test func whatTheShapeRulesOutIsTheErrorAReadGives() throws {
        #expect(try problem("post") == "no field 'post' in state; fields: posts, tags, query, name")
        #expect(try problem("posts[9].titel") == "no field 'titel' in posts[9]; fields: id, title")
        #expect(try problem("posts.first") == "posts is an array: use an index like posts[0] or posts.count, not 'first'")
        #expect(try problem("name.first") == "name is a String, it has no field 'first'")
        #expect(try problem("name[0]") == "name is a String, not an array; cannot read [0]")
        // The same path read from the state gives the same message where the shape is the reason.
        #expect(throws: StateQueryError.self) { try state.value(at: try StatePath(parsing: "post")) }
        #expect(throws: StateQueryError.self) { try state.value(at: try StatePath(parsing: "posts[7].title")) }
    }
}
