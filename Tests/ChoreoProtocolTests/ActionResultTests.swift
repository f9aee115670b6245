import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import Testing

/// Action results are typed values: each app lists the types it answers with, each names the methods it answers,
/// and the OpenRPC document's action results are built from those lists.
struct ActionResultTests {
    static let apps = AppCatalog.registry.apps
    static let finPessoal = AppCatalog.registry.app(named: "finpessoal")!
    static let airFit = AppCatalog.registry.app(named: "airfit")!

    @Test func everyAnswerNamesAnActionMethodTheDaemonServesWithAResultBuiltFromTheApps() {
        let table = MethodTable.table(for: AppRegistry(Self.apps))
        for app in Self.apps {
            #expect(!app.actionResults.isEmpty, "\(app.appName) lists no action results")
            for type in app.actionResults {
                #expect(!type.answers.isEmpty, "\(type.resultName) answers no method")
                for method in type.answers {
                    #expect(table[method]?.mutatedSession != nil, "\(type.resultName) answers \(method), no action")
                    #expect(table[method]?.result.answeredByApps == true, "\(method)'s result is hand-written")
                }
            }
        }
    }

    @Test func eachResultTypeHasItsOwnNameAcrossTheApps() {
        var seen: [String: ObjectIdentifier] = [:]
        for app in Self.apps {
            for type in app.actionResults {
                let id = ObjectIdentifier(type)
                #expect(seen[type.resultName, default: id] == id, "two result types are named \(type.resultName)")
                seen[type.resultName] = id
            }
        }
    }

    @Test func anAnswerIsDeclaredOnlyForTheMethodsItNamesAndARefusalForAny() {
        let fin = Self.finPessoal
        let declared = [
            fin.declares(Popped.self, for: "ui.back"), !fin.declares(Popped.self, for: "ui.tap"),
            !fin.declares(SheetPresented.self, for: "ui.back"), fin.declares(RefusalResult.self, for: "app.contribute"),
            Self.airFit.declares(SheetPresented.self, for: "ui.tap"),
        ]
        #expect(declared == [true, true, true, true, true])
    }

    @Test func theResultSchemaOfAMethodListsEachAnsweringTypeOnceWithItsAppsAndTheRefusal() throws {
        let table = MethodTable.table(for: AppRegistry(Self.apps))
        let back = try #require(table["ui.back"]?.result.schema.json["anyOf"]?.arrayValue)
        #expect(back.count == 2)
        #expect(back[0]["title"] == "Popped")
        #expect(back[0]["description"]?.stringValue?.hasSuffix("Answered by finpessoal, airfit.") == true)
        #expect(back[0]["required"] == ["popped", "screen"])
        #expect(back[0]["additionalProperties"] == false)
        #expect(back[1]["$ref"] == "#/components/schemas/Refusal")
        // A method no hosted app answers is a refusal (or an error) only.
        let airFitOnly = MethodTable.table(for: AppRegistry([Self.airFit]))
        #expect(airFitOnly["ui.pull"]?.result.schema.json["anyOf"]?.arrayValue?.count == 1)
    }

    @Test func aSetOfOptionalFieldsIsLeftOutOfTheReplyWhenAbsentAndNotRequired() throws {
        var harness = Harness()
        let session = harness.session()
        let reply = harness.send(
            JSONValue.object([
                "jsonrpc": "2.0", "id": 1, "method": "ui.back", "params": ["session": .string(session)],
            ]).serialized())!
        #expect(reply["result"]?["refused"] == true)
        #expect(reply["result"]?["retryAfterMs"] == nil)
        let leaving = try #require(Self.airFit.actionResults.first { $0.resultName == "SheetLeaving" })
        let schema = JSONSchema(leaving.shape).json
        #expect(schema["required"] == ["dismissed", "dismissedAt"])
    }
}
