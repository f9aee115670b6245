import ChoreoJSON

/// Departures a team has decided on (`journey conformance --accept FILE`, issue 45 #4), like a linter's baseline:
/// each names an anchor, its variant, the code's value and the model's as the report spells them, and the decision
/// (`"reference": "behavior.md H7"`). A drifted row that an entry names exactly is accepted: it no longer fails
/// the run, and the report says it was decided. An entry no drifted row matches is stale (the code or the model
/// changed since): reported, so the baseline is kept honest.
public struct ConformanceBaseline: Sendable {
    /// One accepted departure.
    public struct Entry: Sendable, Hashable {
        public var app: String
        public var anchor: String
        public var variant: String?
        public var code: String
        public var model: String
        public var reference: String

        /// The entry as JSON (as a baseline file writes it).
        public var json: JSONValue {
            [
                "app": .string(app), "anchor": .string(anchor), "variant": variant.map(JSONValue.string) ?? .null,
                "code": .string(code), "model": .string(model), "reference": .string(reference),
            ]
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// Reads a baseline file: `{"accepted": [{app, anchor, variant?, code, model, reference}, …]}`; a missing or
    /// mistyped member is an error naming the entry.
    public init(json: JSONValue) throws(ConformanceError) {
        guard let list = json["accepted"]?.arrayValue else {
            throw .badBaseline("the file must be an object with an `accepted` array")
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            func text(_ key: String) throws(ConformanceError) -> String {
                guard let value = item[key]?.stringValue, !value.isEmpty else {
                    throw .badBaseline("accepted.\(index).\(key) must be a non-empty string")
                }
                return value
            }
            let variant = item["variant"].flatMap { $0 == .null ? nil : $0.stringValue }
            entries.append(
                Entry(
                    app: try text("app"), anchor: try text("anchor"), variant: variant, code: try text("code"),
                    model: try text("model"), reference: try text("reference")))
        }
        self.entries = entries
    }

    /// The baseline that accepts every drifted row of `report` (`--write-accepted`), each with `reference` to be
    /// replaced by the decision's.
    public static func accepting(_ report: ConformanceReport, reference: String) -> ConformanceBaseline {
        var entries: [Entry] = []
        for verdict in report.verdicts {
            for row in verdict.rows where row.status == .drifted {
                entries.append(
                    Entry(
                        app: verdict.app, anchor: verdict.anchor.name, variant: row.variant, code: row.code ?? "",
                        model: row.model, reference: row.accepted ?? reference))
            }
        }
        return ConformanceBaseline(entries: entries)
    }

    /// The file's JSON.
    public var json: JSONValue { ["accepted": .array(entries.map(\.json))] }

    /// Marks the drifted rows the entries name as accepted, and keeps the entries that matched no drifted row as
    /// the report's ``ConformanceReport/stale``.
    public func apply(to report: inout ConformanceReport) {
        var used = Set<Int>()
        for v in report.verdicts.indices {
            for r in report.verdicts[v].rows.indices where report.verdicts[v].rows[r].status == .drifted {
                let verdict = report.verdicts[v]
                let row = verdict.rows[r]
                guard
                    let index = entries.firstIndex(where: {
                        $0.app == verdict.app && $0.anchor == verdict.anchor.name && $0.variant == row.variant
                            && $0.code == row.code && $0.model == row.model
                    })
                else { continue }
                used.insert(index)
                report.verdicts[v].rows[r].accepted = entries[index].reference
            }
        }
        report.stale = entries.indices.filter { !used.contains($0) }.map { entries[$0] }
    }
}
