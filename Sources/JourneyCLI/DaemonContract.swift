import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import JourneyKit

/// The contract journeys are checked against: this binary's declarations of the engine's methods, and a daemon's apps
/// as it describes them (the stock apps' descriptions are embedded, ``StockApps``).
enum DaemonContract {
    /// This binary's own declarations: the engine's methods (``MethodTable/declared``, whose parameters also make
    /// `protocol/openrpc.json`) and the haptic styles; no app. A daemon's apps and their own methods come from it.
    static let engine: JourneyContract = {
        var methods: [String: [JourneyContract.Parameter]] = [:]
        for method in MethodTable.declared {
            methods[method.name] = method.params.map(parameter)
        }
        return JourneyContract(
            methods: methods, stateTrees: [:], defaultApp: "", hapticStyles: HapticStyle.allCases.map(\.rawValue),
            eventKinds: [:])
    }()

    /// The contract of the stock apps, for validating without a daemon: their `app.describe` answers and their own
    /// methods as the stock daemon's OpenRPC document declares them (the documents `journey` embeds,
    /// ``StockDocuments``), on this binary's declarations.
    static let contract: JourneyContract = {
        var contract: JourneyContract
        do {
            contract = try DaemonContract.contract(
                describedBy: StockApps.descriptions, unknownMethods: [], serves: nil)
        } catch {
            preconditionFailure("the stock apps' descriptions (protocol/apps.json) do not read: \(error)")
        }
        contract.unknownAppAdvice =
            "this journey knows the stock apps, \(StockApps.names.joined(separator: ", ")); for a daemon with "
            + "others, validate against it: --socket PATH, or --contract FILE saved by `journey contract --save FILE`"
        return contract
    }()

    /// The entries of an OpenRPC document's methods this binary does not declare (its apps' own commands), each made
    /// standalone (its references written out).
    static func appMethods(in document: JSONValue) -> [JSONValue] {
        let declared = Set(engine.methods.keys)
        return (document["methods"]?.arrayValue ?? []).filter { !declared.contains($0["name"]?.stringValue ?? "") }
            .map { JourneyContract.standalone($0, in: document) }
    }

    /// A declared parameter as the contract has it: its JSON types, its choices, its members.
    private static func parameter(_ spec: ParamSpec) -> JourneyContract.Parameter {
        let types: Set<JourneyContract.JSONType>?
        var choices: [String]? = nil
        switch spec.kind {
        case .string: types = [.string]
        case .boolean: types = [.boolean]
        case .number, .milliseconds: types = [.number]
        case .integer: types = [.integer]
        case .choice(let values):
            types = [.string]
            choices = values
        case .object: types = [.object]
        case .custom: types = nil
        }
        var declared = JourneyContract.Parameter(
            name: spec.name, types: types, choices: choices, required: spec.required,
            fields: spec.fields.map(parameter))
        if types == [.integer], let numbers = spec.schema.json["enum"]?.arrayValue?.compactMap(\.intValue) {
            declared.numberChoices = numbers
        }
        // A curve is read by the daemon's own reader, so `journey validate` names a misspelt member
        // (`{easeInOut: {duraton: 0.4}}`) as the daemon would.
        if case .custom = spec.kind, spec.name == "curve" {
            declared.check = { value in
                do throws(RPCError) {
                    _ = try CurveParser.parse(value, parameter: "curve")
                    return nil
                } catch {
                    return error.message
                }
            }
        }
        return declared
    }
}
