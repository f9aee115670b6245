import ChoreoEngine

/// AirFit's own refusal reasons (the engine declares the shared ones).
extension Refusal.Reason {
    /// `ui.navigate` to the screen already shown (its onAppear does not fire again).
    static let alreadyShown = Refusal.Reason(
        "alreadyShown", summary: "AirFit: ui.navigate to the screen already shown (its onAppear does not fire).")
    /// Device motion while the device rotates faster than 30°/s (the ParallaxContainer).
    static let deviceMoving = Refusal.Reason(
        "deviceMoving", summary: "AirFit: ui.deviceMotion with the device rotating faster than 30°/s.")
}
