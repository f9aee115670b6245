import ChoreoEngine
import ChoreoJSON

/// What the soak's promise invariants need from AirFit's state and frames (behavior.md N13).
extension AirFitSoakProfile {
    /// A finger dragging the sheet.
    func fingerDown(state: JSONValue) -> String? {
        state["sheet"]?["phase"] == .string("dragging") ? "sheet" : nil
    }

    func gesture(of step: SoakStep) -> String? { step.method == "ui.drag" ? "sheet" : nil }

    /// A screen's element is a group of its own; the sheet's close button is drawn inside the sheet's group, on
    /// screen once its offset (`sheet.offset`) is below the sheet's height.
    func isDrawn(target: String, svg: String, state: JSONValue) -> Bool {
        if svg.contains("data-name=\"\(target)\"") { return true }
        guard target == AirFitApp.sheetCloseTarget, let offset = state["sheet"]?["offset"]?.doubleValue else {
            return false
        }
        return offset < AirFitApp.sheetHeight
    }
}
