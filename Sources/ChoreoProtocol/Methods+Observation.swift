import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let observationMethods: [Method] = [
        Method("state.get") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "path"])
            let sim = try state.session(try p.session())
            let path = try p.optionalString("path") ?? ""
            do throws(SimulationError) {
                return ["value": try sim.state(at: path), "now": .number(sim.now.milliseconds)]
            } catch {
                throw RPCError(error)
            }
        },
        Method("animations.list") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "path"])
            let sim = try state.session(try p.session())
            let path = try p.optionalString("path")
            let records = sim.world.timeline.records.filter { path == nil || $0.path == path }
            return ["animations": .array(records.map { $0.json(at: sim.now) }), "now": .number(sim.now.milliseconds)]
        },
        Method("haptics.list") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "since"])
            let sim = try state.session(try p.session())
            let since = try p.optionalMilliseconds("since") ?? .zero
            let haptics = sim.world.haptics.filter { $0.time >= since }.map { h -> JSONValue in
                ["t": .number(h.time.milliseconds), "style": .string(h.style.rawValue), "source": .string(h.source)]
            }
            return ["haptics": .array(haptics), "now": .number(sim.now.milliseconds)]
        },
        Method("announcements.list") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "since"])
            let sim = try state.session(try p.session())
            let since = try p.optionalMilliseconds("since") ?? .zero
            let items = sim.world.announcements.filter { $0.time >= since }.map { a -> JSONValue in
                ["t": .number(a.time.milliseconds), "text": .string(a.text)]
            }
            return ["announcements": .array(items), "now": .number(sim.now.milliseconds)]
        },
        Method("trace.get") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "since", "afterSeq", "kinds"])
            let sim = try state.session(try p.session())
            let since = try p.optionalMilliseconds("since") ?? .zero
            let afterSeq =
                p.has("afterSeq")
                ? Int(try p.integer("afterSeq", in: 0...Int64.max, expected: "a sequence number ≥ 0")) : 0
            let kinds = try kindsFilter(p)
            let events = sim.world.trace.filter {
                $0.sequence > afterSeq && $0.time >= since && (kinds?.contains($0.kind) ?? true)
            }
            return ["events": .array(events.map(\.json)), "now": .number(sim.now.milliseconds)]
        },
        Method("events.subscribe") { state, params, context throws(RPCError) in
            let p = try Params(params, allowed: ["session", "kinds"])
            let session = try p.session()
            _ = try state.session(session)
            let kinds = try kindsFilter(p)
            let mine = state.subscriptions.values.filter { $0.connection == context.connection }.count
            guard mine < state.limits.maxSubscriptionsPerConnection else {
                throw .limitExceeded(
                    "subscriptionsPerConnection", maximum: state.limits.maxSubscriptionsPerConnection,
                    detail: "unsubscribe first (events.unsubscribe)")
            }
            let id = state.nextSubscriptionID
            state.nextSubscriptionID += 1
            state.subscriptions[id] = .init(id: id, connection: context.connection, session: session, kinds: kinds)
            return ["subscription": .int(Int64(id))]
        },
        Method("events.unsubscribe") { state, params, context throws(RPCError) in
            let p = try Params(params, allowed: ["subscription"])
            let id = Int(
                try p.integer("subscription", in: 1...Int64.max, expected: "a subscription id from events.subscribe"))
            guard let subscription = state.subscriptions[id], subscription.connection == context.connection else {
                throw .invalidParams("subscription", expected: "a subscription id this connection holds")
            }
            state.subscriptions[id] = nil
            return ["unsubscribed": true]
        },
    ]

    static func kindsFilter(_ p: Params) throws(RPCError) -> Set<String>? {
        guard p.has("kinds") else { return nil }
        guard let array = p.object["kinds"]?.arrayValue else {
            throw .invalidParams("kinds", expected: "an array of event kinds such as [\"haptic\", \"navigation\"]")
        }
        var kinds: Set<String> = []
        for item in array {
            guard let s = item.stringValue else {
                throw .invalidParams("kinds", expected: "an array of strings", got: item)
            }
            kinds.insert(s)
        }
        return kinds
    }
}
