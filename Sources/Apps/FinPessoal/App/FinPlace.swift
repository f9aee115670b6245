/// Where a tap lands now: the top sheet when one is up (nothing under a sheet is reachable), else the current
/// screen.
enum FinPlace: Sendable, Hashable {
    /// The current screen (no sheet is up).
    case screen(FinScreen)
    /// The top sheet.
    case sheet(FinSheet)

    /// Its name, as errors and refusals spell it (`dashboard`, `transactionDetail`).
    var name: String {
        switch self {
        case .screen(let screen): return screen.rawValue
        case .sheet(let sheet): return sheet.rawValue
        }
    }
}
