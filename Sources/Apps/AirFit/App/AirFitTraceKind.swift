import ChoreoEngine

/// Every trace event kind the AirFit records, each stated once: `record(_:)` takes only
/// these, and the declarations of the state reference (`TraceEventKind`) name them; a test checks each kind is
/// declared exactly once.
enum AirFitTraceKind: String, TraceKind {
    case sheetGrabbed = "sheet.grabbed"
    case sheetSpringBack = "sheet.springBack"
    case sheetDismissed = "sheet.dismissed"
    case sheetFlick = "sheet.flick"
    case navigation
    case gradientAdvance = "gradient.advance"
    case blurBudgetExceeded = "blurBudget.exceeded"
    case sheetPresent = "sheet.present"
}
