import ChoreoClient
import ChoreoJSON
import Foundation

extension JourneyRunner {
    /// Runs one step; throws ``StepFailure`` when it does not hold.
    func execute(_ step: Step, context: inout StepContext) async throws {
        let session = context.session
        switch step.kind {
        case .call(let method, let rawParams, let keepAs, let expectError):
            let params: JSONValue
            do {
                params = try Variables.substituteOrThrow(rawParams, context.variables, leaveUnknown: false)
            } catch {
                throw StepFailure(
                    message: "unknown variable ${\(error.reference)}; known: \(error.known.joined(separator: ", "))")
            }
            var object = params.objectValue ?? [:]
            if object["session"] == nil, !JourneyRunner.sessionless.contains(method) {
                object["session"] = .string(session.id)
            }
            do {
                let result = try await client.call(method, .object(object))
                if let expectError {
                    throw StepFailure(
                        message: "\(method) succeeded but an error was expected",
                        expected: ["code": expectError.code.map { .int(Int64($0)) } ?? .null], actual: result)
                }
                if let keepAs { context.variables[keepAs] = result }
                if let now = result["now"]?.doubleValue, method.hasPrefix("clock.") { context.now = now }
            } catch let error as ChoreoClientError {
                guard case .rpc(let code, let message, let data) = error else {
                    throw StepFailure(message: "\(method) could not reach the daemon: \(error)")
                }
                guard let expectError else {
                    throw StepFailure(
                        message: "\(method) failed: \(message) (code \(code))",
                        actual: ["code": .int(Int64(code)), "data": data])
                }
                if let expected = expectError.code, expected != code {
                    throw StepFailure(
                        message: "\(method) failed with code \(code), expected code \(expected): \(message)",
                        expected: .int(Int64(expected)), actual: .int(Int64(code)))
                }
                if let matcher = expectError.message, !matcher.matches(.string(message)) {
                    throw StepFailure(
                        message: "\(method) error message did not match \(matcher.description)",
                        expected: matcher.expectedJSON,
                        actual: .string(message))
                }
                if let keepAs {
                    context.variables[keepAs] = ["code": .int(Int64(code)), "message": .string(message), "data": data]
                }
            }
        case .advance(let ms):
            let result = try await rpc { try await session.advance(ms: ms) }
            context.now = result["now"]?.doubleValue ?? context.now
        case .settle(let timeoutMs):
            let result = try await rpc { try await session.settle(timeoutMs: timeoutMs) }
            context.now = result["now"]?.doubleValue ?? context.now
            guard result["settled"] == true else {
                let running = result["running"] ?? []
                let names = (running.arrayValue ?? []).map { item -> String in
                    if let path = item["path"]?.stringValue {
                        let value = item["value"].map { $0.serialized() } ?? "?"
                        let settles = item["settlesAt"].map { " settles at \($0.serialized()) ms" } ?? ""
                        return "\(path) = \(value)\(settles)"
                    }
                    return "timer \(item["name"]?.stringValue ?? "?") at \(item["firesAt"]?.serialized() ?? "?") ms"
                }
                throw StepFailure(
                    message:
                        "clock.settle timed out at \(JSONValue.number(context.now).serialized()) ms; still running: "
                        + names.joined(separator: "; "),
                    expected: ["settled": true], actual: result)
            }
        case .expect(let expectations):
            // Paths starting with `$` read a result kept with `as:`; the others are read with one `state.get` each,
            // all in flight at once (a path the state lacks comes back as -32002 naming the keys that exist).
            let statePaths = Set(expectations.map(\.path).filter { !$0.hasPrefix("$") })
            let fetched = await JourneyRunner.readState(Array(statePaths), session: session)
            for expectation in expectations {
                let matcher = substitute(expectation.matcher, context.variables)
                let actual: JSONValue?
                let explanation: String
                if expectation.path.hasPrefix("$") {
                    let root = JSONValue.object(context.variables)
                    let path = String(expectation.path.dropFirst())
                    actual = try? StatePathLookup.resolve(path, in: root)
                    explanation = StatePathLookup.explain(path, in: root)
                } else {
                    switch fetched[expectation.path]! {
                    case .success(let value):
                        actual = value
                        explanation = ""
                    case .failure(.rpc(-32002, _, let data)):
                        actual = nil
                        let prefix = data["validPrefix"]?.stringValue ?? ""
                        let keys = (data["keys"]?.arrayValue ?? []).compactMap(\.stringValue)
                        explanation =
                            "keys at \(prefix.isEmpty ? "the root" : prefix): \(keys.isEmpty ? "none" : keys.joined(separator: ", "))"
                    case .failure(let error):
                        throw StepFailure(message: "state.get \(expectation.path) failed: \(error)")
                    }
                }
                guard matcher.matches(actual) else {
                    if actual == nil, !matcher.acceptsAbsence {
                        throw StepFailure(
                            message: "\(expectation.path) does not exist; \(explanation)",
                            expected: matcher.expectedJSON,
                            actual: nil)
                    }
                    throw StepFailure(
                        message:
                            "\(expectation.path): expected \(matcher.description), got \(actual?.serialized() ?? "nothing")",
                        expected: matcher.expectedJSON, actual: actual)
                }
            }
        case .expectHaptics(let items, let since):
            let all = try await rpc { try await session.haptics(since: since) }
            let slice = since == nil ? Array(all.dropFirst(context.hapticCursor)) : all
            if since == nil { context.hapticCursor = all.count }
            try compare(items, slice, valueKey: "style", what: "haptics")
        case .expectAnnouncements(let items, let since):
            let result = try await rpc {
                try await session.call("announcements.list", since.map { ["since": .number($0)] } ?? [:])
            }
            let all = result["announcements"]?.arrayValue ?? []
            let slice = since == nil ? Array(all.dropFirst(context.announcementCursor)) : all
            if since == nil { context.announcementCursor = all.count }
            try compare(items, slice, valueKey: "text", what: "announcements")
        case .expectTrace(let golden, let kinds):
            var params: [String: JSONValue] = [:]
            if let kinds { params["kinds"] = .array(kinds.map { .string($0) }) }
            let events = try await rpc { try await session.call("trace.get", .object(params)) }["events"] ?? []
            let directory = (step.location.file as NSString).deletingLastPathComponent
            let path = golden.hasPrefix("/") ? golden : (directory.isEmpty ? golden : "\(directory)/\(golden)")
            let text = events.prettyPrinted() + "\n"
            if options.updateGolden {
                try? FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                do {
                    try text.write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    throw StepFailure(message: "cannot write the golden file \(path): \(error.localizedDescription)")
                }
                return
            }
            guard let stored = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw StepFailure(
                    message: "the golden file \(path) is missing; run `journey run --update-golden` to create it")
            }
            let expected = (try? JSONValue.parse(stored)) ?? .string(stored)
            guard expected == events else {
                throw StepFailure(
                    message: "the trace differs from \(path) (run with --update-golden if the change is intended)",
                    expected: expected, actual: events)
            }
        }
    }

    /// Reads state paths concurrently (pipelined on the connection); each path's value or error.
    static func readState(
        _ paths: [String], session: ChoreoSession
    ) async -> [String: Result<JSONValue, ChoreoClientError>] {
        let outcomes = await withTaskGroup(of: (Int, Result<JSONValue, ChoreoClientError>).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask { (index, await fetch(path, session: session)) }
            }
            var collected = [Result<JSONValue, ChoreoClientError>?](repeating: nil, count: paths.count)
            for await (index, outcome) in group { collected[index] = outcome }
            return collected
        }
        var results: [String: Result<JSONValue, ChoreoClientError>] = [:]
        for (path, outcome) in zip(paths, outcomes) { results[path] = outcome ?? .failure(.closed) }
        return results
    }

    /// One `state.get`, as a result.
    static func fetch(_ path: String, session: ChoreoSession) async -> Result<JSONValue, ChoreoClientError> {
        do {
            return .success(try await session.state(path))
        } catch {
            return .failure(error)
        }
    }

    /// Methods that take no session.
    static let sessionless: Set<String> = [
        "daemon.info", "daemon.shutdown", "rpc.discover", "session.create", "session.list", "motion.sample",
        "events.unsubscribe",
    ]

    private func rpc<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ChoreoClientError {
            throw StepFailure(message: "the daemon refused the step: \(error)")
        }
    }

    private func substitute(_ matcher: Matcher, _ variables: [String: JSONValue]) -> Matcher {
        if case .equals(let value) = matcher {
            return .equals(Variables.substitute(value, variables, leaveUnknown: true))
        }
        return matcher
    }

    private func compare(_ expected: [TimedExpectation], _ actual: [JSONValue], valueKey: String, what: String) throws {
        func describe(_ items: [JSONValue]) -> JSONValue {
            .array(items.map { ["t": $0["t"] ?? .null, valueKey: $0[valueKey] ?? .null] })
        }
        let expectedJSON = JSONValue.array(
            expected.map { item in
                var o: [String: JSONValue] = [valueKey: item.value.expectedJSON]
                if let at = item.at { o["t"] = .number(at) }
                return .object(o)
            })
        guard expected.count == actual.count else {
            throw StepFailure(
                message: "expected \(expected.count) \(what), got \(actual.count): "
                    + actual.map { "\($0[valueKey]?.stringValue ?? "?")@\($0["t"]?.serialized() ?? "?")" }.joined(
                        separator: ", "),
                expected: expectedJSON, actual: describe(actual))
        }
        for (index, (want, got)) in zip(expected, actual).enumerated() {
            let value = got[valueKey]
            guard want.value.matches(value) else {
                throw StepFailure(
                    message:
                        "\(what)[\(index)]: expected \(want.value.description), got \(value?.serialized() ?? "nothing")",
                    expected: expectedJSON, actual: describe(actual))
            }
            if let at = want.at, let t = got["t"]?.doubleValue, abs(t - at) > max(want.tolerance, 1e-6) {
                throw StepFailure(
                    message:
                        "\(what)[\(index)] (\(value?.stringValue ?? "?")): expected at \(JSONValue.number(at).serialized()) ms"
                        + (want.tolerance > 0 ? " ± \(JSONValue.number(want.tolerance).serialized())" : "")
                        + ", played at \(JSONValue.number(t).serialized()) ms",
                    expected: expectedJSON, actual: describe(actual))
            }
        }
    }
}

/// Dotted paths in a state tree, as the daemon resolves them (object keys, array indices).
enum StatePathLookup {
    struct NotFound: Error {}

    static func resolve(_ path: String, in root: JSONValue) throws -> JSONValue {
        var node = root
        for part in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) where !path.isEmpty {
            if let child = node[part] {
                node = child
            } else if let index = Int(part), let child = node[index] {
                node = child
            } else {
                throw NotFound()
            }
        }
        return node
    }

    static func explain(_ path: String, in root: JSONValue) -> String {
        var node = root
        var prefix: [String] = []
        for part in path.split(separator: ".").map(String.init) {
            if let child = node[part] ?? Int(part).flatMap({ node[$0] }) {
                node = child
                prefix.append(part)
            } else {
                break
            }
        }
        let at = prefix.isEmpty ? "the root" : prefix.joined(separator: ".")
        switch node {
        case .object(let object): return "keys at \(at): \(object.keys.sorted().joined(separator: ", "))"
        case .array(let items): return "\(at) is a list of \(items.count)"
        default: return "\(at) is \(node.serialized())"
        }
    }
}
