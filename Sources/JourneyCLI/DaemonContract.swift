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
        var trees: [String: JourneyContract.PathNode] = [:]
        var events: [String: [JourneyContract.EventKind]] = [:]
        for app in AppCatalog.apps {
            let fields = app.stateSchema + [EngineSchema.settings, EngineSchema.lab]
            trees[app.appName] = node(.object(fields))
            events[app.appName] = (EngineSchema.traceEvents + app.traceEvents).map {
                JourneyContract.EventKind(kind: $0.kind, fields: Set($0.fields.map(\.name)))
            }
        }
        var contract = JourneyContract(
            methods: methods, stateTrees: trees, defaultApp: AppCatalog.registry.defaultApp.appName,
            hapticStyles: HapticStyle.allCases.map(\.rawValue), eventKinds: events)
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
        return JourneyContract.Parameter(
            name: spec.name, types: types, choices: choices, required: spec.required,
            fields: spec.fields.map(parameter))
    }

    /// A state shape as the paths it declares.
    private static func node(_ shape: StateShape) -> JourneyContract.PathNode {
        switch shape {
        case .object(let fields):
            var children: [String: JourneyContract.PathNode] = [:]
            for field in fields { children[field.name] = node(field.shape) }
            return .object(children)
        case .array(let element), .map(_, let element): return .wildcard(node(element))
        case .nullable(let inner, _): return node(inner)
        case .any: return .open
        case .bool, .string, .number, .integer: return .leaf
        }
    }
}
