import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// The members a reply adds when the session's retention (`session.create {traceLimit}`, ``Retention``) has dropped
/// part of the history it lists, declared once for every such reply.
enum HistoryFields {
    /// `dropped`: how many older entries of the list are no longer kept.
    static let droppedSchema = JSONSchema.integer(
        "How many older entries the session no longer keeps (session.create's traceLimit); absent when none were "
            + "dropped."
    ).minimum(1)

    /// `droppedBefore`: the sequence number of the first event `trace.get` still keeps.
    static let droppedBeforeSchema = JSONSchema.integer(
        "When older events were dropped (session.create's traceLimit): the seq of the first event kept; absent "
            + "when none were."
    ).minimum(2)

    /// `{"dropped": count}`, or nothing when `count` is 0.
    static func dropped(_ count: Int) -> [String: JSONValue] {
        count > 0 ? ["dropped": .int(Int64(count))] : [:]
    }
}
