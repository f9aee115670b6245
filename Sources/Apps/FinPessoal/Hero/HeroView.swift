import ChoreoJSON

/// `hero` as the state shows it (HeroSchema.swift declares each field): the first feature whose state is a typed value
/// rather than hand-built JSON (issue 26 #1). Its encoding is written beside its fields: encoding it with the generic
/// ``JSONValueEncoder`` cost 17,822 more instructions per whole-tree `state.get` (`make callgrind`: 5,018,662 against
/// 5,000,840), about 3,600 a field, which over the tree's fields would double the request; `HeroViewTests` checks the
/// two encodings are byte for byte the same.
struct HeroView: Encodable, Sendable, Hashable {
    /// The hero link whose transition runs (its target); nil when none runs.
    var activeTransition: String?
    /// From the hero tap (or the reverse) until the transition is logically complete.
    var isTransitioning: Bool
    /// 0 at the link, 1 at the destination (a fraction).
    var progress: Double
    /// Which way the transition runs; nil when none runs.
    var direction: HeroDirection?
    /// The look in the effective mode when it started; nil when none runs.
    var style: HeroStyle?

    /// The value as JSON, as ``JSONValueEncoder`` would write it.
    var json: JSONValue {
        [
            "activeTransition": activeTransition.map { .string($0) } ?? .null,
            "isTransitioning": .bool(isTransitioning), "progress": .number(progress),
            "direction": direction.map { .string($0.rawValue) } ?? .null,
            "style": style.map { .string($0.rawValue) } ?? .null,
        ]
    }
}
