import ChoreoJSON

extension FinPessoalApp {
    /// Goal contributions, budget periods and savings milestones (seed 001). Placeholder until issue 5.
    mutating func applyCelebrationTrigger(_ action: Action, world: inout World) throws(SimulationError) -> JSONValue {
        throw .unsupportedAction(action.methodName, app: FinPessoalApp.appName)
    }
}
