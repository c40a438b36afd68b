import ReactorCore

/// The editor of a new post: a title and a content; `submit` creates the post through the
/// ``BoardService`` and dismisses the editor. It is ignored while the title is blank.
public final class WriteReactor: Reactor {
    /// What the user does.
    public enum Action: Sendable, Equatable {
        /// The title field changed.
        case updateTitle(String)
        /// The content field changed.
        case updateContent(String)
        /// Create the post (only when ``State/canSubmit``).
        case submit
    }

    /// The changes to the editor.
    public enum Mutation: Sendable, Equatable {
        /// The title, and with it `canSubmit`.
        case setTitle(String)
        /// The content.
        case setContent(String)
        /// The post was created: the editor closes.
        case dismiss
    }

    /// The editor's fields.
    public struct State: Encodable, Sendable, Equatable {
        /// The title typed so far.
        public var title: String
        /// The content typed so far.
        public var content: String
        /// True when the title is not blank.
        public var canSubmit: Bool
        /// True once the post was created.
        public var isDismissed: Bool

        /// An editor with the given fields (empty by default).
        public init(title: String = "", content: String = "", canSubmit: Bool = false, isDismissed: Bool = false) {
            self.title = title
            self.content = content
            self.canSubmit = canSubmit
            self.isDismissed = isDismissed
        }
    }

    /// An empty editor.
    public let initialState = State()

    /// The pipeline storage.
    public let runtime = ReactorRuntime<WriteReactor>()

    /// The service shared with the `board` reactor.
    public let service: BoardService

    /// An editor over `service`.
    public init(service: BoardService) {
        self.service = service
    }

    /// Field changes are mutations; `submit` asks the service to create the post, then dismisses.
    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateTitle(let title):
            return .just(.setTitle(title))
        case .updateContent(let content):
            return .just(.setContent(content))
        case .submit:
            let state = currentState
            guard state.canSubmit else { return .none }
            let service = service
            return .run { send in
                try service.create(title: state.title, content: state.content)
                send(.dismiss)
            }
        }
    }

    /// Applies one mutation.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setTitle(let title):
            state.title = title
            state.canSubmit = !Self.isBlank(title)
        case .setContent(let content):
            state.content = content
        case .dismiss:
            state.isDismissed = true
        }
        return state
    }

    /// True when `text` holds nothing but whitespace.
    static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace || $0.isNewline }
    }
}
