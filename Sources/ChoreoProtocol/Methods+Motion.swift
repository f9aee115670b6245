import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let motionMethods: [Method] = [
        Method("motion.sample") { _, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["curve", "at", "from", "to"])
            guard let curveValue = p.object["curve"] else {
                throw .invalidParams("curve", expected: "present (it is required)")
            }
            let curve = try CurveParser.parse(curveValue, parameter: "curve")
            let from = try p.optionalNumber("from") ?? 0
            let to = try p.optionalNumber("to") ?? 1
            var times: [VirtualTime] = []
            switch p.object["at"] {
            case .array(let items)?:
                guard items.count <= 100_000 else {
                    throw .invalidParams("at", expected: "at most 100000 times")
                }
                for item in items {
                    guard let ms = item.doubleValue, let t = VirtualTime(milliseconds: ms), ms >= 0 else {
                        throw .invalidParams("at", expected: "an array of times in milliseconds ≥ 0", got: item)
                    }
                    times.append(t)
                }
            case let single? where single.doubleValue != nil:
                times = [try p.milliseconds("at")]
            case let other:
                throw .invalidParams("at", expected: "an array of times in milliseconds ≥ 0", got: other)
            }
            var timeline = Timeline()
            let record = timeline.animate(
                "sample", from: from, to: to, curve: curve, source: "motion.sample", at: .zero)
            return [
                "values": .array(times.map { .number(timeline.value("sample", at: $0)!) }),
                "velocities": .array(times.map { .number(timeline.velocity("sample", at: $0)) }),
                "logicallyCompleteMs": record.logicallyCompleteAt.map { .number($0.milliseconds) } ?? .null,
                "settleMs": record.settledAt.map { .number($0.milliseconds) } ?? .null,
                "curve": curve.json,
            ]
        }
    ]
}
