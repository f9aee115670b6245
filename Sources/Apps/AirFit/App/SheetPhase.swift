import ChoreoEngine

/// The detail sheet's phase (seed 004's DragDismissSheet): up, held by the finger, or on its way out.
enum SheetPhase: String, Sendable, Hashable, CaseIterable, StateChoice {
    case presented, dragging, dismissing
}
