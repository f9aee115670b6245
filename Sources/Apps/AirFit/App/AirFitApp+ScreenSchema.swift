import ChoreoEngine

/// The shape of one screen in AirFit's state tree (`screens.<screen>` and `screen`): its cascade title, glass
/// cards, targets and blur budget (``ScreenView``).
extension AirFitApp {
    static var screenShape: StateShape { ScreenView.shape }
}
