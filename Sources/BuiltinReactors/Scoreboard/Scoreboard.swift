import ReactorCore

/// ReCombine's Scoreboard example on the ``Store`` API: two scores, each kept by its own reducer,
/// joined with `combineReducers(forKey(\.home, …), forKey(\.away, …))`.
///
/// A store's mutations are its actions, so the shell shows `homeScore` both as what was typed and
/// as what was reduced.
public enum Scoreboard {
    /// What can happen to the score.
    public enum Action: Sendable, Equatable {
        /// The home team scores.
        case homeScore
        /// The away team scores.
        case awayScore
        /// Both scores back to 0.
        case resetScore
        /// Both scores set at once.
        case setScore(home: Int, away: Int)
    }

    /// The two scores.
    public struct State: Encodable, Sendable, Equatable {
        /// The home team's score.
        public var home: Int
        /// The away team's score.
        public var away: Int

        /// A score of `home` : `away` (0 : 0 by default).
        public init(home: Int = 0, away: Int = 0) {
            self.home = home
            self.away = away
        }
    }

    /// The store type of the scoreboard.
    public typealias ScoreStore = Store<State, Action>

    /// The home score's reducer: it knows only the home score. A score at `Int.max` stays there
    /// (saturating, never trapping; see docs/reactors.md).
    public static func homeReducer(_ score: Int, _ action: Action) -> Int {
        switch action {
        case .homeScore: score.saturatingSuccessor
        case .resetScore: 0
        case .setScore(let home, _): home
        case .awayScore: score
        }
    }

    /// The away score's reducer: it knows only the away score; saturating like ``homeReducer(_:_:)``.
    public static func awayReducer(_ score: Int, _ action: Action) -> Int {
        switch action {
        case .awayScore: score.saturatingSuccessor
        case .resetScore: 0
        case .setScore(_, let away): away
        case .homeScore: score
        }
    }

    /// The whole reducer: each score's reducer lifted onto its key, run left to right.
    public static var reducer: ReducerFn<State, Action> {
        combineReducers(forKey(\State.home, homeReducer), forKey(\State.away, awayReducer))
    }

    /// A fresh store at 0 : 0. Its scheduler is replaced by the scene's when the shell loads it.
    @MainActor
    public static func makeStore(scheduler: Scheduler = Scheduler()) -> ScoreStore {
        Store(reducer: reducer, initialState: State(), scheduler: scheduler)
    }
}
