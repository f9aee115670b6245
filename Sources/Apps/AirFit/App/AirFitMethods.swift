import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// AirFit's examples of the shared methods: a daemon hosting AirFit lists them in its OpenRPC document.
extension AirFitApp: AppMethods {
    public static let examples: [String: [Example]] = [
        "motion.audit": [
            Example(
                "airfit", description: "No session needed.",
                params: ["app": "airfit", "budgets": ["maxSettleMs": 2000]],
                result: [
                    "animations": [], "total": 16, "failed": 11,
                    "failures": [
                        "glassCard.120fps", "glassCard.60fps", "metricRing.120fps", "metricRing.60fps",
                        "parallaxContainer.120fps", "parallaxContainer.60fps", "dragDismissSheet.120fps",
                        "dragDismissSheet.60fps", "dragDismissSheet.springBack.120fps",
                        "dragDismissSheet.springBack.60fps", "cascadeText",
                    ],
                    "swiftuiFailed": 11,
                    "swiftuiFailures": [
                        "glassCard.120fps", "glassCard.60fps", "metricRing.120fps", "metricRing.60fps",
                        "parallaxContainer.120fps", "parallaxContainer.60fps", "dragDismissSheet.120fps",
                        "dragDismissSheet.60fps", "dragDismissSheet.springBack.120fps",
                        "dragDismissSheet.springBack.60fps", "cascadeText",
                    ],
                ])
        ],
        "ui.deviceMotion": [
            Example(
                "tilt", description: "After session.create {app: airfit}.",
                params: ["session": "s1", "pitch": 10, "roll": -40], result: ["applied": true, "x": -4, "y": 2])
        ],
    ]
}
