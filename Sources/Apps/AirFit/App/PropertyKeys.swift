import ChoreoEngine

/// Every animated property of AirFit, declared once: a misspelt key is a compile error. The paths are the names the
/// trace and the state use. Keys with an `initial` read as it (in their own unit) until first set or animated; the
/// others must be set or animated before they are read (see ``PropertyKey``).
extension PropertyKey {
    /// The screen transition's progress, 0 to 1 (opacity, and the 12 pt offset's complement).
    static let transitionProgress = PropertyKey("transition.progress")
    /// The gradient crossfade, 0 (previous token) to 1 (active token).
    static let gradientCrossfade = PropertyKey("gradient.crossfade")
    /// The parallax offset along x, in points.
    static let parallaxX = PropertyKey("parallax.x")
    /// The parallax offset along y, in points.
    static let parallaxY = PropertyKey("parallax.y")
    /// The FlareButton's flare radius, 0 to 1 of its full size.
    static let flareRadius = PropertyKey("flare.radius")
    /// The FlareButton's flare opacity, 0 to 1.
    static let flareOpacity = PropertyKey("flare.opacity")
    /// The DragDismissSheet's offset from its presented position, in points (downward).
    static let sheetOffset = PropertyKey("sheet.offset")
    /// The MetricRing's fill, 0 to 1 of the goal; empty until a screen with the ring appears.
    static let ringProgress = PropertyKey("ring.progress", initial: 0)

    /// A screen title's letter cascade, 0 to 1, by screen.
    static func cascade(_ screen: AirFitScreen) -> PropertyKey { PropertyKey("cascade.\(screen.rawValue)") }
    /// A glass card's scale (1 at its natural size), by the card's target; at rest until its screen appears.
    static func cardScale(_ target: String) -> PropertyKey { PropertyKey("cards.\(target).scale", initial: 1) }
    /// Mic ripple ring `index`'s phase, 0 (at the button) to 1 (fully expanded); at rest until recording starts.
    static func micRipple(_ index: Int) -> PropertyKey { PropertyKey("mic.ripple.\(index)", initial: 0) }
}
