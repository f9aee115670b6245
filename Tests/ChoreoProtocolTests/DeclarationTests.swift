import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Testing

/// The method declarations drive validation and recording: every declared parameter is validated with its declared
/// message, unknown names are rejected, and the dispatcher records every call of a method that changes a session.
struct DeclarationTests {
    /// The params of a method's first example, with `session` (when it takes one) naming `session`.
    static func exampleParams(_ method: Method, session: String) -> [String: JSONValue] {
        var params: [String: JSONValue] = [:]
        for (name, value) in method.examples.first?.params ?? [] { params[name] = value }
        if let spec = method.params.first(where: { $0.name == "session" }), spec.required || params["session"] != nil {
            params["session"] = .string(session)
        }
        return params
    }

    /// A value of the wrong JSON type for a parameter: a string for a boolean, `true` for anything else.
    static func wrongValue(_ spec: ParamSpec) -> JSONValue {
        spec.kind == .boolean ? "x" : true
    }

    /// Calls a method (a fresh session named `s1` exists) and returns the error object, or nil for a result.
    static func error(_ method: String, _ params: [String: JSONValue]) -> JSONValue? {
        var harness = Harness()
        _ = harness.session()
        let reply = harness.send(
            JSONValue.object(["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .object(params)])
                .serialized())!
        return reply["error"]
    }

    static let methods = MethodTable.methods(for: AppCatalog.registry).map(\.name)

    @Test(arguments: methods)
    func everyDeclaredParameterRejectsAWrongTypeWithItsDeclaredMessage(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        for spec in method.params {
            var params = Self.exampleParams(method, session: "s1")
            params[spec.name] = Self.wrongValue(spec)
            let error = try #require(Self.error(name, params), "\(name).\(spec.name) accepted a wrong value")
            #expect(error["code"] == -32602, "\(name).\(spec.name): \(error)")
            #expect(error["data"]?["parameter"] == .string(spec.name), "\(name).\(spec.name): \(error)")
            #expect(error["data"]?["expected"] == .string(spec.expected), "\(name).\(spec.name): \(error)")
            #expect(
                error["message"] == .string("Invalid params: '\(spec.name)' must be \(spec.expected)."),
                "\(name).\(spec.name): \(error)")
        }
    }

    /// A value of the right JSON type that the declared range or choices exclude, if the kind has one.
    static func outOfRangeValue(_ spec: ParamSpec) -> JSONValue? {
        switch spec.kind {
        case .number(let range): return .double(range.upperBound * 2 + 1)
        case .integer(let range): return range.upperBound < Int64.max ? .int(range.upperBound + 1) : .int(-1)
        case .milliseconds: return .double(-1)
        case .choice: return "not one of them"
        default: return nil
        }
    }

    @Test(arguments: methods)
    func everyRangeAndChoiceIsEnforcedWithTheDeclaredMessage(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        for spec in method.params {
            guard let value = Self.outOfRangeValue(spec) else { continue }
            var params = Self.exampleParams(method, session: "s1")
            params[spec.name] = value
            let error = try #require(Self.error(name, params), "\(name).\(spec.name) accepted \(value)")
            #expect(error["data"]?["parameter"] == .string(spec.name), "\(name).\(spec.name): \(error)")
            #expect(error["data"]?["expected"] == .string(spec.expected), "\(name).\(spec.name): \(error)")
        }
    }

    @Test(arguments: methods)
    func everyNestedParameterRejectsAWrongTypeAndUnknownMembers(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        for spec in method.params where !spec.fields.isEmpty {
            for field in spec.fields {
                var params = Self.exampleParams(method, session: "s1")
                params[spec.name] = [field.name: Self.wrongValue(field)]
                let error = try #require(Self.error(name, params), "\(name).\(spec.name).\(field.name)")
                #expect(error["data"]?["parameter"] == .string("\(spec.name).\(field.name)"), "\(error)")
                #expect(error["data"]?["expected"] == .string(field.expected), "\(error)")
            }
            var params = Self.exampleParams(method, session: "s1")
            params[spec.name] = ["zzUnknown": 1]
            let error = try #require(Self.error(name, params), "\(name).\(spec.name) accepted an unknown member")
            #expect(error["data"]?["parameter"] == .string("\(spec.name).zzUnknown"), "\(error)")
        }
    }

    @Test(arguments: methods)
    func unknownParameterNamesAreRejectedListingTheDeclaredOnes(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        var params = Self.exampleParams(method, session: "s1")
        params["zzUnknown"] = 1
        let error = try #require(Self.error(name, params), "\(name) accepted an unknown parameter")
        let known = method.params.map(\.name).sorted().joined(separator: ", ")
        #expect(error["code"] == -32602)
        #expect(error["data"]?["parameter"] == "zzUnknown")
        #expect(
            error["data"]?["expected"] == .string("one of the known parameters (\(known)); remove 'zzUnknown'"),
            "\(error)")
    }

    @Test(arguments: methods)
    func missingRequiredParametersAreRejectedNamingThem(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        for spec in method.params where spec.required {
            var params = Self.exampleParams(method, session: "s1")
            params[spec.name] = nil
            let error = try #require(Self.error(name, params), "\(name) ran without \(spec.name)")
            #expect(error["code"] == -32602, "\(name) without \(spec.name): \(error)")
            #expect(error["data"]?["parameter"] == .string(spec.name), "\(name) without \(spec.name): \(error)")
        }
    }

    /// The `action` events of a session's trace.
    static func actions(_ harness: inout Harness, _ session: String) -> [JSONValue] {
        harness.call("trace.get", ["session": .string(session), "kinds": ["action"]])["events"]?.arrayValue ?? []
    }

    static let sessionMethods = MethodTable.methods(for: AppCatalog.registry).filter {
        $0.params.contains { $0.name == "session" }
    }.map(\.name)

    @Test(arguments: sessionMethods)
    func theDispatcherRecordsExactlyTheCallsOfMethodsThatChangeASession(_ name: String) throws {
        let method = try #require(MethodTable.table(for: AppCatalog.registry)[name])
        var harness = Harness()
        let session = harness.session()
        let params = Self.exampleParams(method, session: session)
        let before = Self.actions(&harness, session)
        _ = harness.call(name, .object(params))
        guard harness.call("clock.now", ["session": .string(session)])["now"] != nil else {
            #expect(name == "session.close", "\(name) closed its session")
            return
        }
        let after = Self.actions(&harness, session)
        if method.mutatedSession != nil {
            #expect(method.mutatedSession == "session")
            #expect(after.count == before.count + 1, "\(name) recorded \(after.count - before.count) actions")
            var recorded = params
            recorded["session"] = nil
            #expect(after.last?["method"] == .string(name), "\(after.last ?? nil)")
            #expect(after.last?["params"] == .object(recorded), "\(after.last ?? nil)")
        } else {
            #expect(after.count == before.count, "\(name) changes no session yet recorded an action")
        }
    }

    @Test func theMethodsOfTheAppAndTheLabChangeTheirSession() {
        // `app.describe` reads the daemon's declarations (no session); every other `app.*` is a command.
        for method in MethodTable.methods(for: AppCatalog.registry)
        where ["ui.", "app.", "lab."].contains(where: { method.name.hasPrefix($0) }) && method.name != "app.describe" {
            #expect(method.mutatedSession == "session", "\(method.name) must be declared with Method(action:)")
        }
        for name in ["clock.advance", "clock.settle", "settings.set"] {
            #expect(MethodTable.table(for: AppCatalog.registry)[name]?.mutatedSession == "session", "\(name)")
        }
    }

    @Test func aFailedActionIsRecordedBeforeItFailsAndAnInvalidOneIsNot() {
        var harness = Harness()
        let s = harness.session()
        let failed = harness.call("ui.tap", ["session": .string(s), "target": "nowhere/button/x"])
        #expect(failed["code"] == -32003)
        let invalid = harness.call("ui.tap", ["session": .string(s), "target": 3])
        #expect(invalid["code"] == -32602)
        let actions = Self.actions(&harness, s)
        #expect(actions.map { $0["params"] } == [["target": "nowhere/button/x"]])
    }

    @Test func everyMethodHasAnExampleWhoseParamsAreDeclared() {
        for method in MethodTable.methods(for: AppCatalog.registry) {
            #expect(!method.examples.isEmpty, "\(method.name)")
            let names = Set(method.params.map(\.name))
            for example in method.examples {
                for (name, _) in example.params {
                    #expect(names.contains(name), "\(method.name) example '\(example.name)' gives \(name)")
                }
            }
        }
    }
}
