import ChoreoApps
import ChoreoEngine
import ChoreoProtocol
import JourneyKit

/// The contract journeys are checked against, read from the daemon's own declarations in this process: the methods
/// (``MethodTable``, whose parameters also make `protocol/openrpc.json`), the state trees, trace events and
/// haptic sources of every app (``AppCatalog``, which also make `protocol/state.md`) and the engine's.
enum DaemonContract {
    static let contract: JourneyContract = {
        var methods: [String: [JourneyContract.Parameter]] = [:]
        for method in MethodTable.methods(for: AppCatalog.registry) {
            methods[method.name] = method.params.map(parameter)
        }
        var contract = JourneyContract(
            methods: methods, stateTrees: [:], defaultApp: AppCatalog.registry.defaultApp.appName,
            hapticStyles: HapticStyle.allCases.map(\.rawValue), eventKinds: [:])
        // The apps as `app.describe` gives them: the same declarations a daemon with other apps serves.
        do {
            try contract.useApps(describedBy: AppCatalog.apps.map { AppCatalog.registry.description(of: $0) })
        } catch {
            preconditionFailure("the stock apps' descriptions do not read: \(error)")
        }
        contract.unknownAppAdvice =
            "this journey knows the stock apps, \(AppCatalog.names.joined(separator: ", ")); for a daemon with "
            + "others, validate against it: --socket PATH, or --contract FILE saved by `journey contract --save FILE`"
        return contract
    }()

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
