import ChoreoEngine
import ChoreoJSON

extension ConformanceReport {
    /// The console report: a line per anchor (a line per drifted or missing variant under it), the motion no anchor
    /// accounts for, and a summary.
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
            switch verdict.status {
            case .conforms:
                let at = verdict.rows.compactMap(\.location).first.map { " at \($0)" } ?? ""
                out += "  ✓ conforms   \(label) (\(place))\(at)\n"
            case .drifted, .notFound:
                let word =
                    verdict.status == .drifted ? "✗ drifted   " : (allowMissing ? "- not found " : "✗ not found ")
                out += "  \(word) \(label) (\(place))\n"
                for row in verdict.rows where row.status != .conforms {
                    out += "      \(Self.describe(row, anchor: anchor))\n"
                }
            }
        }
        let known = sitesInAnchoredTypes - unknown.filter { !$0.app.isEmpty }.count
        if !unknown.isEmpty {
            out += "motion in anchored types that the model does not know (coverage)\n"
            for site in unknown { out += "  ? \(site.location) \(site.owner): \(site.code)   \(site.text)\n" }
        }
        out +=
            "\(verdicts.count) anchors: \(count(.conforms)) conform, \(count(.drifted)) drifted, "
            + "\(count(.notFound)) not found\(allowMissing && count(.notFound) > 0 ? " (allowed)" : ""); "
            + "\(unknown.count) unknown; coverage: \(known) of \(sitesInAnchoredTypes) motion sites in anchored types "
            + "known; \(parsed) Swift files or blocks parsed\n"
        return out
    }

    /// One row that does not conform, e.g. `[reduced] HeroLink.swift:12: code .linear(duration: 0.3), model
    /// .linear(duration: 0.25)`.
    static func describe(_ row: Row, anchor: CodeAnchor) -> String {
        let variant = row.variant.map { "[\($0)] " } ?? ""
        switch row.status {
        case .drifted:
            let used = row.usedAt.map { " (used at \($0))" } ?? ""
            let at = row.location.map { "\($0)\(used): " } ?? ""
            return "\(variant)\(at)code \(row.code ?? "?"), model \(row.model)"
        case .notFound:
            let token = anchor.token.map { " or its token \($0)" } ?? ""
            return
                "\(variant)not found in \(anchor.type)\(anchor.member.map { ".\($0)" } ?? "")\(token); model \(row.model)"
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
                "unknown": .int(Int64(unknown.count)), "parsed": .int(Int64(parsed)),
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
                                ]
                            }),
                    ]
                }),
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
            let failures = mine.filter { $0.status == .drifted || ($0.status == .notFound && !allowMissing) }.count
            let skipped = allowMissing ? mine.filter { $0.status == .notFound }.count : 0
            out +=
                "  <testsuite name=\"\(xml(app))\" tests=\"\(mine.count)\" failures=\"\(failures)\" "
                + "skipped=\"\(skipped)\">\n"
            for verdict in mine {
                let anchor = verdict.anchor
                out +=
                    "    <testcase classname=\"\(xml("\(app).\(anchor.type)"))\" name=\"\(xml("\(anchor.kind) \(anchor.name)"))\""
                let problems = verdict.rows.filter { $0.status != .conforms }.map { Self.describe($0, anchor: anchor) }
                switch verdict.status {
                case .conforms:
                    out += "/>\n"
                case .drifted:
                    out +=
                        ">\n      <failure message=\"drifted\">\(xml(problems.joined(separator: "\n")))</failure>\n"
                        + "    </testcase>\n"
                case .notFound:
                    let element = allowMissing ? "skipped" : "failure"
                    out +=
                        ">\n      <\(element) message=\"not found\">\(xml(problems.joined(separator: "\n")))"
                        + "</\(element)>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// GitHub Actions workflow commands: an error at the code's line for each drifted value, a warning (an error
    /// without `allowMissing`) for each anchor not found, a notice for each unknown animation.
    public func github(allowMissing: Bool) -> String {
        var out = ""
        for verdict in verdicts {
            for row in verdict.rows where row.status != .conforms {
                let message = "\(verdict.app) \(verdict.anchor.name): \(Self.describe(row, anchor: verdict.anchor))"
                let level = row.status == .drifted || !allowMissing ? "error" : "warning"
                let place = row.location.map { "file=\(property($0.path)),line=\($0.line)," } ?? ""
                out += "::\(level) \(place)title=Choreo conformance::\(data(message))\n"
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
