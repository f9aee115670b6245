import ChoreoEngine
import ChoreoJSON

extension ConformanceReport {
    /// The console report: a line per anchor (a line per variant or style that does not conform under it), the
    /// motion no anchor accounts for, and a summary.
    public func console(allowMissing: Bool) -> String {
        var out = ""
        var app: String?
        for verdict in verdicts {
            if verdict.app != app {
                app = verdict.app
                out += "\(verdict.app)\n"
            }
            let anchor = verdict.anchor
            let place = anchor.type + (anchor.member.map { ".\($0)" } ?? "")
            let label = anchor.kind == "animation" ? anchor.name : "\(anchor.kind) \(anchor.name)"
            let fails = fails(verdict, allowMissing: allowMissing)
            switch verdict.status {
            case .conforms:
                let at = verdict.rows.compactMap(\.location).first.map { " at \($0)" } ?? ""
                let computed = verdict.rows.contains { $0.code?.contains("<computed at run time>") ?? false }
                out +=
                    "  ✓ conforms   \(label) (\(place))\(at)"
                    + (computed ? " (its delay is computed at run time: not compared)" : "") + "\n"
            case .drifted, .notFound, .unresolved:
                let word: String
                switch verdict.status {
                case .drifted where verdict.accepted: word = "≈ accepted   "
                case .drifted: word = "✗ drifted    "
                case .unresolved: word = "✗ unresolved "
                default: word = fails ? "✗ not found  " : "- not found  "
                }
                out += "  \(word)\(label) (\(place))\n"
                for row in verdict.rows where row.status != .conforms {
                    out += "      \(Self.describe(row, anchor: anchor))\n"
                }
            }
        }
        let known = sitesInAnchoredTypes - unknown.filter { !$0.app.isEmpty }.count
        for entry in stale {
            out +=
                "stale --accept entry (no drifted row matches it: the code or the model changed): \(entry.app) "
                + "\(entry.anchor)\(entry.variant.map { " [\($0)]" } ?? ""): code \(entry.code), model \(entry.model) "
                + "(\(entry.reference))\n"
        }
        if !unknown.isEmpty {
            out += "motion the model does not know (coverage; does not fail the run without --fail-on-unknown)\n"
            for site in unknown { out += "  ? \(site.location) \(site.owner): \(site.code)   \(site.text)\n" }
        }
        let failing = verdicts.filter { fails($0, allowMissing: allowMissing) }.count
        let notFound = count(.notFound)
        let allowed =
            allowMissing ? verdicts.filter { $0.status == .notFound && !fails($0, allowMissing: true) }.count : 0
        out +=
            "\(verdicts.count) anchors: \(count(.conforms)) conform, \(count(.drifted)) drifted"
            + (verdicts.contains(where: \.accepted) ? " (\(verdicts.filter(\.accepted).count) accepted)" : "") + ", "
            + (count(.unresolved) > 0 ? "\(count(.unresolved)) unresolved, " : "")
            + "\(notFound) not found\(allowed > 0 ? " (\(allowed) allowed)" : ""); "
            + "\(unknown.count) unknown; coverage: \(known) of \(sitesInAnchoredTypes) motion sites in anchored types "
            + "known; \(parsed) Swift files or blocks parsed\n"
        if failing > 0 { out += "FAILED: \(failing) of \(verdicts.count) anchors\n" }
        if nothingConforms {
            out += "FAILED: no anchor conforms: are these the app's sources (and is --app the right app)?\n"
        }
        return out
    }

    /// One row that does not conform, e.g. `[reduced] HeroLink.swift:12: code .linear(duration: 0.3), model
    /// .linear(duration: 0.25)`.
    static func describe(_ row: Row, anchor: CodeAnchor) -> String {
        let variant = row.variant.map { "[\($0)] " } ?? ""
        let used = row.usedAt.map { " (used at \($0))" } ?? ""
        let via = row.via.isEmpty ? "" : "; via \(row.via.joined(separator: ", "))"
        switch row.status {
        case .drifted:
            let at = row.location.map { "\($0)\(used): " } ?? ""
            let decided = row.accepted.map { " — accepted: \($0)" } ?? ""
            return "\(variant)\(at)code \(row.code ?? "?"), model \(row.model)\(via)\(decided)"
        case .unresolved:
            let at = row.location.map { "\($0)\(used): " } ?? ""
            return "\(variant)\(at)\(row.code ?? "not resolved"); model \(row.model)"
        case .notFound:
            let token = anchor.token.map { " or its token \($0)" } ?? ""
            let place = "\(anchor.type)\(anchor.member.map { ".\($0)" } ?? "")"
            let why: String
            if row.oneCurve, let at = row.location {
                why = "not found: the site at \(at) runs one curve whatever the mode or frame rate"
            } else if let at = row.location {
                why = "not found in \(place) (declared at \(at)): nothing there is this anchor's"
            } else {
                why = "not found in \(place)\(token)"
            }
            return "\(variant)\(why); model \(row.model)"
        case .conforms:
            return "\(variant)\(row.location.map { "\($0): " } ?? "")\(row.code ?? "")"
        }
    }

    /// The report as JSON: a summary, each anchor's verdict with its rows, and the unknown motion.
    public var json: JSONValue {
        func location(_ value: CodeLocation?) -> JSONValue {
            value.map { ["file": .string($0.path), "line": .int(Int64($0.line))] } ?? .null
        }
        return [
            "summary": [
                "anchors": .int(Int64(verdicts.count)), "conforms": .int(Int64(count(.conforms))),
                "drifted": .int(Int64(count(.drifted))), "notFound": .int(Int64(count(.notFound))),
                "accepted": .int(Int64(verdicts.filter(\.accepted).count)),
                "unresolved": .int(Int64(count(.unresolved))), "unknown": .int(Int64(unknown.count)),
                "parsed": .int(Int64(parsed)),
                "sitesInAnchoredTypes": .int(Int64(sitesInAnchoredTypes)),
            ],
            "inputs": .array(inputs.map(JSONValue.string)),
            "anchors": .array(
                verdicts.map { verdict in
                    [
                        "app": .string(verdict.app), "name": .string(verdict.anchor.name),
                        "kind": .string(verdict.anchor.kind), "type": .string(verdict.anchor.type),
                        "member": verdict.anchor.member.map(JSONValue.string) ?? .null,
                        "token": verdict.anchor.token.map(JSONValue.string) ?? .null,
                        "status": .string(verdict.status.rawValue),
                        "rows": .array(
                            verdict.rows.map { row in
                                [
                                    "variant": row.variant.map(JSONValue.string) ?? .null,
                                    "status": .string(row.status.rawValue),
                                    "code": row.code.map(JSONValue.string) ?? .null, "model": .string(row.model),
                                    "location": location(row.location), "usedAt": location(row.usedAt),
                                    "via": .array(row.via.map(JSONValue.string)),
                                    "allowedMissing": .bool(row.status == .notFound && row.allowed),
                                    "accepted": row.accepted.map(JSONValue.string) ?? .null,
                                ]
                            }),
                    ]
                }),
            "stale": .array(stale.map(\.json)),
            "unknown": .array(
                unknown.map {
                    [
                        "app": .string($0.app), "owner": .string($0.owner), "location": location($0.location),
                        "code": .string($0.code), "text": .string($0.text),
                    ]
                }),
        ]
    }

    /// JUnit XML: a test suite per app, a test case per anchor; drifted fails, not found fails (skipped with
    /// `allowMissing`).
    public func junit(allowMissing: Bool) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"journey conformance\">\n"
        var apps: [String] = []
        for verdict in verdicts where !apps.contains(verdict.app) { apps.append(verdict.app) }
        for app in apps {
            let mine = verdicts.filter { $0.app == app }
            let failures = mine.filter { fails($0, allowMissing: allowMissing) }.count
            let skipped = mine.filter { $0.status == .notFound && !fails($0, allowMissing: allowMissing) }.count
            out +=
                "  <testsuite name=\"\(xml(app))\" tests=\"\(mine.count)\" failures=\"\(failures)\" "
                + "skipped=\"\(skipped)\">\n"
            for verdict in mine {
                let anchor = verdict.anchor
                out +=
                    "    <testcase classname=\"\(xml("\(app).\(anchor.type)"))\" "
                    + "name=\"\(xml("\(anchor.kind) \(anchor.name)"))\""
                let problems = verdict.rows.filter { $0.status != .conforms }.map { Self.describe($0, anchor: anchor) }
                guard verdict.status != .conforms else {
                    out += "/>\n"
                    continue
                }
                let element = fails(verdict, allowMissing: allowMissing) ? "failure" : "skipped"
                out +=
                    ">\n      <\(element) message=\"\(verdict.status.rawValue)\">"
                    + "\(xml(problems.joined(separator: "\n")))</\(element)>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// GitHub Actions workflow commands: an error at the code's line for each drifted value, a warning (an error
    /// without `allowMissing`) for each anchor not found, a notice for each unknown animation.
    public func github(allowMissing: Bool) -> String {
        var out = ""
        var noticed = Set<String>()
        for verdict in verdicts {
            let failing = fails(verdict, allowMissing: allowMissing)
            // An accepted departure is a decision, not news on every pull request.
            for row in verdict.rows where row.status != .conforms && row.accepted == nil {
                let message = "\(verdict.app) \(verdict.anchor.name): \(Self.describe(row, anchor: verdict.anchor))"
                let level = failing ? "error" : "warning"
                let place = row.location.map { "file=\(property($0.path)),line=\($0.line)," } ?? ""
                out += "::\(level) \(place)title=Choreo conformance::\(data(message))\n"
                // The constants a drifted value came through, where a pull request may have changed them.
                for via in row.via where row.status == .drifted {
                    guard let at = via.range(of: " at ", options: .backwards) else { continue }
                    let file = via[at.upperBound...]
                    guard let colon = file.lastIndex(of: ":"), let line = Int(file[file.index(after: colon)...]) else {
                        continue
                    }
                    // One notice per place, however many anchors it feeds.
                    guard noticed.insert(String(file)).inserted else { continue }
                    out +=
                        "::notice file=\(property(String(file[..<colon]))),line=\(line),title=Choreo conformance::"
                        + data("\(via[..<at.lowerBound]) feeds \(verdict.app) \(verdict.anchor.name), which drifted")
                        + "\n"
                }
            }
        }
        for site in unknown {
            out +=
                "::notice file=\(property(site.location.path)),line=\(site.location.line),"
                + "title=Motion the model does not know::\(data("\(site.owner): \(site.code)"))\n"
        }
        return out
    }

    private func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    private func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property: also `:` and `,`.
    private func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
